import type { Config } from './config';
import type { Db } from './db/database';
import type { CurrentUser } from './plugins/auth';
import type { Repositories } from './repositories';
import type { SessionService } from './plugins/auth';
import type { InviteLimiter, LoginLimiter, RequestLimit } from './plugins/login-limiter';
import type { ScoreLimiter } from './plugins/score-limiter';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { MediaStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    repos: Repositories;
    sessions: SessionService;
    loginLimiter: LoginLimiter;
    scoreLimiter: ScoreLimiter;
    /** A limiter of `limit` per key, kept where the login limits are (Redis with REDIS_URL, else memory). */
    requestLimiter(name: string, limit: RequestLimit): RateLimiterAbstract;
    inviteLimiter: InviteLimiter;
    storage: MediaStorage;
  }
  interface FastifyContextConfig {
    /** Who may call an API route: 'user' (the default under /api) needs a valid access token (plugins/auth.ts). */
    access?: 'public' | 'user';
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** The book content's version read with the user (repositories/versioned-cache.ts); null without a signed-in user. */
    contentVersion: number | null;
    /** The sign-in (refresh-token family) the request's access token belongs to; null without one. */
    sessionId: string | null;
  }
}
