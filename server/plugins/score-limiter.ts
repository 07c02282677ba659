/**
 * Score posts per user: SCORE_POST_LIMIT in any 10 minutes (300 by default). A learner finishes
 * a quiz in minutes, and a phone that was offline for weeks sends its queued scores one after
 * another (the outbox runner: 100 in under 2 s), far below it; a client posting in a loop is
 * answered 429 with Retry-After, which the outbox treats as "try later", keeping its rows.
 * Counted in Redis with REDIS_URL (every instance shares the count), in memory otherwise.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/errors';
import { createLimiter } from './login-limiter';

export const SCORE_POST_WINDOW_SECONDS = 10 * 60;

export class ScoreLimiter {
  constructor(private readonly limiter: RateLimiterAbstract | null) {}

  /** Counts one score post of the user; throws a 429 with Retry-After past the limit. */
  async take(userId: number): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.limiter.consume(String(userId), 1);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw tooManyRequests(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      throw refusal;
    }
  }
}

async function scoreLimiterPlugin(app: FastifyInstance) {
  const points = app.config.scorePostLimit;
  let redis: Redis | undefined;
  if (points > 0 && app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error.message }, 'Redis unavailable: score-post limits fall back to memory'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  app.decorate('scoreLimiter', new ScoreLimiter(points > 0 ? createLimiter('score_posts', { points, seconds: SCORE_POST_WINDOW_SECONDS }, redis) : null));
}

export const scoreLimiter = fp(scoreLimiterPlugin, { name: 'score-limiter' });
