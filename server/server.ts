/**
 * The only listen(): builds the app for a configuration, listens, and shuts down gracefully on
 * SIGTERM/SIGINT: it stops accepting connections, lets every request in flight finish (an
 * upload on slow hospital Wi-Fi included; requests arriving on an open keep-alive connection
 * meanwhile are still served, with `Connection: close`), then closes the database and exits 0.
 * A drain longer than SHUTDOWN_GRACE_MS, or a second signal, exits 1 at once.
 */
import type { Server } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { Db } from './db/database';

/** Below the 30 s that systemd, Docker and Kubernetes wait before they kill. */
export const SHUTDOWN_GRACE_MS = 25_000;

/**
 * While the event loop is busy (SQLite writes are synchronous) new connections wait in the
 * kernel's queue, and closing the listener would reset them unanswered: it is closed once a
 * quiet period passes with no connection accepted (at most ACCEPT_QUEUED_MAX_MS after the signal).
 */
const ACCEPT_QUIET_MS = 50;
const ACCEPT_QUEUED_MAX_MS = 2000;
/** Requests already sent on an accepted connection may take this long to be read after the signal. */
const SETTLE_MS = 1000;

/** Counts the requests whose answer is not finished yet; marks answers `Connection: close` once draining. */
function trackRequests(server: Server) {
  let inFlight = 0;
  let accepted = 0;
  let draining = false;
  server.on('connection', () => accepted++);
  const idle: (() => void)[] = [];
  server.prependListener('request', (_request, response) => {
    inFlight++;
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
    });
  });
  return {
    get inFlight() {
      return inFlight;
    },
    /**
     * Stops accepting connections, gives requests already on their way over accepted
     * connections a moment to be read, and resolves once no request is in flight. Only then
     * are idle keep-alive connections closed (http's own close() would drop at once a
     * connection whose request had not been read yet).
     */
    async drain(): Promise<void> {
      draining = true;
      const signalled = Date.now();
      let seen: number;
      do {
        seen = accepted;
        await new Promise((resolve) => setTimeout(resolve, ACCEPT_QUIET_MS));
      } while (accepted !== seen && Date.now() - signalled < ACCEPT_QUEUED_MAX_MS);
      net.Server.prototype.close.call(server);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      while (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
      server.closeIdleConnections();
    },
  };
}

export async function startServer(config: Config, db: Db, options: { distDir?: string } = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    db,
    distDir: options.distDir,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  });
  app.server.keepAliveTimeout = 65_000;
  app.server.headersTimeout = 66_000;
  app.addHook('onClose', async () => db.close());
  const requests = trackRequests(app.server);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} received again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: no new connections; waiting for ${requests.inFlight} request(s) in flight`);
    const force = setTimeout(() => {
      app.log.error(`${requests.inFlight} request(s) still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    requests
      .drain()
      .then(() => app.close())
      .then(
        () => {
          app.log.info('closed');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'closing failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Expired refresh-token families are dropped at start and then daily.
  const purge = () => app.sessions.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'token purge failed'));
  await purge();
  const timer = setInterval(purge, 24 * 3600 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  await app.listen({ port: config.port, host: config.host });
  return app;
}
