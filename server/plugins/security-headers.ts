/**
 * Helmet's security headers (Content-Security-Policy, HSTS, X-Frame-Options …) and the
 * Permissions-Policy on every answer. @fastify/helmet builds helmet's middleware, and with it
 * the CSP text, again for every request (5 % of a books-list request in the profile); here no
 * answer has nonces or options of its own, so the headers are the same for every one: helmet
 * itself works them out once, at start, on a probe request, and each answer gets that list.
 * Set on the raw response as helmet does, so answers written by streams carry them too.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the probe's answer carries that is not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers helmet sets with these options, as [name, value] pairs. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const answer = await probe.inject('/');
    return Object.entries(answer.headers)
      .filter(([name]) => !NOT_HELMET.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

async function securityHeadersPlugin(app: FastifyInstance, options: { helmet: FastifyHelmetOptions; extra: Record<string, string> }) {
  const headers = [...(await helmetHeaders(options.helmet)), ...Object.entries(options.extra)];
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
