import type { Config } from './config';
import type { Db } from './db/database';
import type { CurrentUser } from './plugins/auth';
import type { Repositories } from './repositories';
import type { SessionService } from './plugins/auth';
import type { InviteLimiter, LoginLimiter } from './plugins/login-limiter';
import type { MediaStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    repos: Repositories;
    sessions: SessionService;
    loginLimiter: LoginLimiter;
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
  }
}
