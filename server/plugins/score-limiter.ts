/**
 * Score posts per user: SCORE_POST_LIMIT in any 10 minutes (300 by default). A learner finishes
 * a quiz in minutes, and a phone that was offline for weeks sends its queued scores one after
 * another (the outbox runner: 100 in under 2 s), far below it; a client posting in a loop is
 * answered 429 with Retry-After, which the outbox treats as "try later", keeping its rows.
 * Counted in Redis with REDIS_URL (every instance shares the count), in memory otherwise.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/errors';
import { take } from './login-limiter';

export const SCORE_POST_WINDOW_SECONDS = 10 * 60;

export class ScoreLimiter {
  constructor(private readonly limiter: RateLimiterAbstract | null) {}

  /** Counts one score post of the user; throws a 429 with Retry-After past the limit. */
  async take(userId: number): Promise<void> {
    if (!this.limiter) return;
    const wait = await take(this.limiter, String(userId));
    if (wait) throw tooManyRequests(wait);
  }
}

/** Kept where the login limits are (plugins/login-limiter.ts: Redis with REDIS_URL, else memory). */
async function scoreLimiterPlugin(app: FastifyInstance) {
  const points = app.config.scorePostLimit;
  app.decorate('scoreLimiter', new ScoreLimiter(points > 0 ? app.requestLimiter('score_posts', { points, seconds: SCORE_POST_WINDOW_SECONDS }) : null));
}

export const scoreLimiter = fp(scoreLimiterPlugin, { name: 'score-limiter', dependencies: ['login-limiter'] });
