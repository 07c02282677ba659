/**
 * Failed-login limits: per IP + account (5 per 15 minutes) and per IP (30 per minute).
 * Every attempt takes a point atomically before the password is checked, so concurrent
 * attempts cannot all slip past the check while the hash runs; a successful sign-in gives
 * its point back (and clears the account's failures), so only failures count and the real
 * user signing in from another address is never locked out by someone guessing from this
 * one. With REDIS_URL the counters live in Redis and are shared by every app instance;
 * otherwise in memory. A Redis outage falls back to memory.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/errors';

export interface LoginLimits {
  perAccount: { points: number; seconds: number };
  perIp: { points: number; seconds: number };
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccount: { points: 5, seconds: 15 * 60 },
  perIp: { points: 30, seconds: 60 },
};

/** One login attempt's points: taken before the password check, settled after it. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export class LoginLimiter {
  constructor(
    private readonly perAccount: RateLimiterAbstract,
    private readonly perIp: RateLimiterAbstract,
  ) {}

  /** Seconds to wait when `consume` was refused, or 0 when the point was taken. */
  static async take(limiter: RateLimiterAbstract, key: string): Promise<number> {
    try {
      await limiter.consume(key, 1);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw refusal;
    }
  }

  /**
   * Takes one point from both counters, atomically in the store, before the password is
   * checked; throws a 429 with Retry-After when either is exhausted. The attempt counts as a
   * failure unless `succeeded()` is called.
   */
  async begin(ip: string, email: string): Promise<LoginAttempt> {
    const accountKey = `${ip}|${email}`;
    const [ipWait, accountWait] = await Promise.all([LoginLimiter.take(this.perIp, ip), LoginLimiter.take(this.perAccount, accountKey)]);
    const wait = Math.max(ipWait, accountWait);
    if (wait) throw tooManyRequests(wait);
    return {
      succeeded: async () => {
        await Promise.all([this.perIp.reward(ip, 1), this.perAccount.delete(accountKey)]);
      },
    };
  }
}

/** Invitation limits: per client address, and per invited address (whichever organizations invite it). */
export interface InviteLimits {
  perIp: { points: number; seconds: number };
  perTarget: { points: number; seconds: number };
}
export const DEFAULT_INVITE_LIMITS: InviteLimits = {
  perIp: { points: 100, seconds: 60 * 60 },
  perTarget: { points: 5, seconds: 60 * 60 },
};

/**
 * Invitations (add-member) cost a point each, from the client's address and from the invited
 * address: nobody can probe addresses in bulk or flood one person's dashboard.
 */
export class InviteLimiter {
  constructor(
    private readonly perIp: RateLimiterAbstract,
    private readonly perTarget: RateLimiterAbstract,
  ) {}

  /** Takes one point from both counters; throws a 429 with Retry-After when either is exhausted. */
  async take(ip: string, email: string): Promise<void> {
    const [ipWait, targetWait] = await Promise.all([LoginLimiter.take(this.perIp, ip), LoginLimiter.take(this.perTarget, email)]);
    const wait = Math.max(ipWait, targetWait);
    if (wait) throw tooManyRequests(wait);
  }
}

function createLimiter(name: string, limit: { points: number; seconds: number }, redis?: Redis): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.seconds });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `lap:${name}`,
    points: limit.points,
    duration: limit.seconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

async function loginLimiterPlugin(app: FastifyInstance, options: { limits?: LoginLimits; inviteLimits?: InviteLimits }) {
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  const inviteLimits = options.inviteLimits ?? DEFAULT_INVITE_LIMITS;
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error.message }, 'Redis unavailable: login limits fall back to memory'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  app.decorate('loginLimiter', new LoginLimiter(createLimiter('login_account', limits.perAccount, redis), createLimiter('login_ip', limits.perIp, redis)));
  app.decorate(
    'inviteLimiter',
    new InviteLimiter(createLimiter('invite_ip', inviteLimits.perIp, redis), createLimiter('invite_target', inviteLimits.perTarget, redis)),
  );
}

export const loginLimiter = fp(loginLimiterPlugin, { name: 'login-limiter' });
