/**
 * Helmet's security headers (Content-Security-Policy, HSTS, X-Frame-Options …) and the
 * Permissions-Policy on every answer. @fastify/helmet builds helmet's middleware, and with it
 * the CSP text, again for every request (5 % of a books-list request in the profile); here no
 * answer has nonces or options of its own, so the headers are the same for every one: helmet
 * itself works them out once, at start, on a probe request, and each answer gets that list.
 * Set on the raw response as helmet does, so answers written by streams carry them too.
 * API answers get the few of them that mean something for JSON (API_HEADER_NAMES), and
 * Cache-Control: no-store.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from '../lib/route';

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

/**
 * What an API answer (JSON, never rendered as a page) needs of them, after OWASP's REST
 * Security Cheat Sheet: a policy that lets nothing load or frame it, nosniff, HSTS, no
 * cross-origin reads, no referrer. The page-only ones (the site's CSP, COOP, Origin-Agent-Cluster,
 * the legacy IE and Flash headers) are left off: half the headers, 600 bytes less on every call.
 */
const API_HEADER_NAMES = new Set(['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']);
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

async function securityHeadersPlugin(app: FastifyInstance, options: { helmet: FastifyHelmetOptions; extra: Record<string, string> }) {
  const headers = [...(await helmetHeaders(options.helmet)), ...Object.entries(options.extra)];
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no Content-Security-Policy');
  const apiHeaders: [string, string][] = [
    ...headers.filter(([name]) => API_HEADER_NAMES.has(name) || name in options.extra),
    ['content-security-policy', API_CONTENT_SECURITY_POLICY],
    ['x-frame-options', 'DENY'],
    // API answers are per user and may carry tokens: never kept by a browser or proxy cache.
    ['cache-control', 'no-store'],
  ];
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of isApiUrl(request.url) ? apiHeaders : headers) raw.setHeader(name, value);
    done();
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
