/**
 * The application as a Fastify plugin tree: configuration and database are given; plugins,
 * repositories and routes are registered here; one error handler gives every failure the
 * API's shape. `server.ts` and the tests both build it with `buildApp`.
 */
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { fastifyTrustProxy, type Config } from './config';
import type { Db } from './db/database';
import { HttpError } from './lib/errors';
import { isApiUrl } from './lib/route';
import { validatorCompiler } from './lib/validation';
import { auth } from './plugins/auth';
import { compression } from './plugins/compression';
import { type InviteLimits, loginLimiter, type LoginLimits } from './plugins/login-limiter';
import { openApi } from './plugins/openapi';
import { scoreLimiter } from './plugins/score-limiter';
import { securityHeaders } from './plugins/security-headers';
import { imageVariants } from './plugins/image-variants';
import { staticFiles } from './plugins/static';
import { createRepositories } from './repositories';
import { isDatabaseUnavailable, isStorageFull } from './repositories/db-errors';
import { createMailer } from './services/mail';
import { createMediaStorage } from './storage';
import { accountRoutes } from './routes/accounts';
import { accountSelfServiceRoutes } from './routes/account-self-service';
import { bookRoutes } from './routes/books';
import { contactRoutes } from './routes/contact';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { organizationRoutes } from './routes/organizations';
import { practiceRoutes } from './routes/practice';
import { progressRoutes } from './routes/progress';
import { assignmentRoutes } from './routes/assignments';
import { quizRoutes } from './routes/quizzes';
import { reviewRoutes } from './routes/review';
import { searchRoutes } from './routes/search';
import './types';

export interface AppOptions {
  config: Config;
  db: Db;
  /** The built PWA to serve; omitted in API-only tests. */
  distDir?: string;
  loginLimits?: LoginLimits;
  inviteLimits?: InviteLimits;
  logger?: boolean | object;
}

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  // No inline script: the build writes none.
  'script-src': ["'self'"],
  // MUI (emotion) injects its styles at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.google.com', 'https://maps.google.com', 'https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

const repositories = fp(
  async (app: FastifyInstance, options: { config: Config; db: Db }) => {
    app.decorate('config', options.config);
    app.decorate('db', options.db);
    app.decorate('repos', createRepositories(options.db.kysely, options.db.dialect));
    app.decorate('storage', createMediaStorage(options.config));
  },
  { name: 'repositories' },
);

/** The most of a refused body read (and dropped) so that its sender gets the answer. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** Reads and drops what is left of a request body; true when it was read to its end. */
function drainRequest(raw: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (raw.readableEnded || raw.complete) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFail);
      raw.off('close', onFail);
      resolve(ended);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(raw.complete);
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        raw.pause();
        finish(false);
      }
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onFail);
    raw.on('close', onFail);
    raw.resume();
  });
}

/** Fastify's own errors, in the API's words. */
function describe(error: FastifyError, contentType: string | undefined): { status: number; body: Record<string, unknown> } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { detail: 'The request body is too large.' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { detail: `Unsupported media type "${contentType ?? ''}" in request.` } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { detail: 'The JSON body is empty.' } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { detail: 'The Content-Length header does not match the body.' } };
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: { error: 'The upload is too large.' } };
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return { status: 400, body: { error: 'The upload was malformed or cut short.' } };
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message)))
    return { status: 400, body: { detail: `JSON parse error - ${error.message}` } };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { status: error.statusCode, body: { detail: error.message } };
  return null;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request is noise at `info`; LOG_LEVEL=debug shows them.
    // (through a LogController: the top-level disableRequestLogging option is deprecated, FSTDEP023).
    logController: new LogController({ disableRequestLogging: options.config.logLevel !== 'debug' && options.config.logLevel !== 'trace' }),
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // A path the router cannot even read (bad percent-encoding, an overlong segment) names
    // nothing: the same 404 as any unknown path, never Fastify's own error body.
    frameworkErrors: (error, _request, reply) => {
      const unreadable = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply).code(unreadable ? 404 : 400).send({ detail: unreadable ? 'Not found.' : 'Bad request.' });
    },
    requestTimeout: 120_000,
  });

  // The API speaks JSON (and multipart for uploads) only: a text/plain body is a 415.
  app.removeContentTypeParser('text/plain');
  await app.register(repositories, { config: options.config, db: options.db });
  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: CONTENT_SECURITY_POLICY,
      },
      crossOriginEmbedderPolicy: false,
    },
    // Nothing here needs the camera, the microphone, the location or payments.
    extra: { 'permissions-policy': PERMISSIONS_POLICY },
  });
  await app.register(compression);
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(loginLimiter, { limits: options.loginLimits, inviteLimits: options.inviteLimits });
  await app.register(scoreLimiter);
  await app.register(auth);

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A body refused before it was all read (too large, a refused upload): take in and drop the
    // rest first, so the client has finished sending and reads the answer instead of a reset
    // connection, and the connection is free for its next request. Past the drain limit the
    // connection is closed after the answer instead.
    const upload = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (upload || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      request.raw.unpipe();
      if (!(await drainRequest(request.raw, DRAIN_LIMIT_BYTES))) reply.header('connection', 'close');
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    const known = describe(error, request.headers['content-type']);
    if (known) return reply.code(known.status).send(known.body);
    if (isStorageFull(error)) {
      // The operator's problem, logged with its real cause; the client keeps its data and retries.
      request.log.error({ err: error }, 'storage full: the write was refused');
      return reply
        .code(507)
        .header('retry-after', '60')
        .send(upload ? { error: 'The server has no space left for this upload.' } : { detail: 'The server is out of storage space. Please try again later.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ detail: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });

  // Sends and returns nothing: a reply returned from a handler that is not async is awaited
  // as a thenable, two more 'close' listeners on the response (11 in all on the SPA fallback,
  // past Node's limit of 10 under inject: MaxListenersExceededWarning).
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = isApiUrl(url) || url.startsWith('/media/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && options.distDir && app.hasReplyDecorator('sendFile')) {
      // The SPA fallback: the client-side router owns every other path.
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    void reply.code(404).send({ detail: 'Not found.' });
  });

  await app.register(openApi);
  // One mailer for every mail the app sends (SMTP_URL and MAIL_FROM, or the log).
  const mailer = createMailer(process.env, app.log);
  await app.register(
    async (api) => {
      // Bodies and path ids are checked with the routes' zod schemas; answers are written by
      // JSON.stringify as before, their schemas only documenting them (server/lib/README.md).
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      // Every API route needs a signed-in user unless it says `access: 'public'`; the document says which.
      api.addHook('onRoute', (route) => {
        route.config = { access: 'user', ...route.config };
        if (route.config.access === 'public') route.schema = { ...route.schema, security: [] };
      });
      await api.register(healthRoutes);
      await api.register(accountRoutes);
      await api.register(accountSelfServiceRoutes, { mailer });
      await api.register(organizationRoutes);
      await api.register(assignmentRoutes);
      await api.register(progressRoutes);
      await api.register(bookRoutes);
      await api.register(quizRoutes);
      await api.register(searchRoutes);
      await api.register(reviewRoutes);
      await api.register(practiceRoutes);
      await api.register(mediaRoutes);
      await api.register(contactRoutes, { mailer });
    },
    { prefix: '/api' },
  );
  // Phone-sized copies of uploaded images (`/media/images/…?w=`), before the files themselves.
  await app.register(imageVariants);
  await app.register(staticFiles, { distDir: options.distDir });
  return app;
}
