/**
 * The only listen(): builds the app for a configuration, listens, and closes gracefully on
 * SIGINT/SIGTERM (in-flight requests finish, the database is closed last).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { Db } from './db/database';

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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  // Expired refresh-token families are dropped at start and then daily.
  const purge = () => app.sessions.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'token purge failed'));
  await purge();
  const timer = setInterval(purge, 24 * 3600 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  await app.listen({ port: config.port, host: config.host });
  return app;
}
