/**
 * Failed-login limits: per IP + account (5 per 15 minutes) and per IP (30 per minute).
 * Only failures count, so the real user signing in from another address is never locked
 * out by someone guessing from this one. With REDIS_URL the counters live in Redis and are
 * shared by every app instance; otherwise in memory. A Redis outage falls back to memory.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/errors';

export interface LoginLimits {
  perAccount: { points: number; seconds: number };
  perIp: { points: number; seconds: number };
}
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccount: { points: 5, seconds: 15 * 60 },
  perIp: { points: 30, seconds: 60 },
};

export class LoginLimiter {
  constructor(
    private readonly perAccount: RateLimiterAbstract,
    private readonly perIp: RateLimiterAbstract,
  ) {}

  private static async blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= limiter.points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  /** Throws a 429 with Retry-After while either counter is exhausted. */
  async check(ip: string, email: string): Promise<void> {
    const wait = Math.max(
      await LoginLimiter.blockedFor(this.perIp, ip),
      await LoginLimiter.blockedFor(this.perAccount, `${ip}|${email}`),
    );
    if (wait) throw tooManyRequests(wait);
  }

  async failed(ip: string, email: string): Promise<void> {
    await Promise.all([this.perIp.penalty(ip, 1), this.perAccount.penalty(`${ip}|${email}`, 1)]);
  }

  async succeeded(ip: string, email: string): Promise<void> {
    await this.perAccount.delete(`${ip}|${email}`);
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

async function loginLimiterPlugin(app: FastifyInstance, options: { limits?: LoginLimits }) {
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error.message }, 'Redis unavailable: login limits fall back to memory'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  app.decorate('loginLimiter', new LoginLimiter(createLimiter('login_account', limits.perAccount, redis), createLimiter('login_ip', limits.perIp, redis)));
}

export const loginLimiter = fp(loginLimiterPlugin, { name: 'login-limiter' });
