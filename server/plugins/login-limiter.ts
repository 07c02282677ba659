/**
 * Per-address and per-account limits on what costs a password hash or probes for accounts:
 * failed logins per address + account (5 per 15 minutes) and per address (30 per minute),
 * registrations per address, failed reset-link uses per address, and wrong current passwords
 * per session in 'Change password'.
 * Points are taken atomically before the password is checked, so concurrent guesses cannot all
 * slip past a limit while hashes run: the address + account pair's on arrival, the address's
 * when the check really starts (lib/passwords.ts runs a few at a time). A successful sign-in
 * gives its points back at once and clears the pair's failures, so only failures count: a
 * class signing in together behind one hospital NAT is never refused, and the real user
 * signing in from another address is never locked out by someone guessing from this one.
 * With REDIS_URL the counters live in Redis and are shared by every app instance; otherwise in
 * memory. A Redis outage falls back to memory. Other requests limited per client (the contact
 * form) take their limiter from the same store: `app.requestLimiter(name, limit)`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../lib/errors';

/** At most `points` requests per `seconds`. */
export interface RequestLimit {
  points: number;
  seconds: number;
}

export interface LoginLimits {
  perAccount: RequestLimit;
  perIp: RequestLimit;
  /** Registrations from one address, 'already exists' answers included. */
  registerPerIp?: RequestLimit;
  /** Reset links refused (unknown, used, expired) for one address; a successful reset gives its point back. */
  resetPerIp?: RequestLimit;
  /** Wrong current passwords in 'Change password' within one session (refresh family). */
  changePasswordPerSession?: RequestLimit;
}
export const DEFAULT_LOGIN_LIMITS: Required<LoginLimits> = {
  perAccount: { points: 5, seconds: 15 * 60 },
  perIp: { points: 30, seconds: 60 },
  registerPerIp: { points: 20, seconds: 10 * 60 },
  resetPerIp: { points: 10, seconds: 15 * 60 },
  changePasswordPerSession: { points: 5, seconds: 15 * 60 },
};

/** One attempt's points: taken before the check, settled after it. */
export interface LimitedAttempt {
  succeeded(): Promise<void>;
}

/** A login's points: the account pair's taken at once, the address's when its password check starts. */
export interface LoginAttempt extends LimitedAttempt {
  checkStarts(): Promise<void>;
}

/** Takes one point of `key`: 0 when it was taken, else the seconds to wait before the next one. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key, 1);
    return 0;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

/** Seconds to wait when the key has no point left, or 0; takes nothing. */
async function spent(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
}

/** How long a refusal of an address past its limit is held before it is answered. */
export const REFUSAL_DELAY_MS = 1000;

export class LoginLimiter {
  constructor(
    private readonly limiters: Record<keyof LoginLimits, RateLimiterAbstract>,
    private readonly refusalDelayMs = REFUSAL_DELAY_MS,
  ) {}

  /**
   * Starts a login attempt: refuses (429 with Retry-After) at once when the address is locked
   * out, then takes the address + account pair's point, atomically in the store, before
   * anything else, so simultaneous guesses at one account cannot outrun its limit. The
   * address's point is taken by `checkStarts()`, called when the password check really starts
   * (lib/passwords.ts runs a few at a time), and given back by `succeeded()` at once: a class of
   * a hundred signing in together holds at most a few of the address's points at any moment.
   * The attempt counts as a failure unless `succeeded()` is called.
   */
  async begin(ip: string, email: string): Promise<LoginAttempt> {
    const accountKey = `${ip}|${email}`;
    const { perIp, perAccount } = this.limiters;
    const wait = (await spent(perIp, ip)) || (await take(perAccount, accountKey));
    if (wait) throw tooManyRequests(wait);
    let ipPointTaken = false;
    return {
      checkStarts: async () => {
        const ipWait = await take(perIp, ip);
        if (ipWait) throw tooManyRequests(ipWait);
        ipPointTaken = true;
      },
      succeeded: async () => {
        await Promise.all([ipPointTaken && perIp.reward(ip, 1), perAccount.delete(accountKey)]);
      },
    };
  }

  /**
   * Refuses (429 with Retry-After) a request whose address has used up `limit`, taking nothing:
   * for an `onRequest` hook, so that a flood past the limit costs no body parsing or
   * validation. The refusal is answered after about REFUSAL_DELAY_MS: a client that keeps
   * sending anyway then holds an idle connection instead of a place in the event loop's queue,
   * where every other request waits behind it (64 connections answered at once kept a media
   * read waiting 0.9 s). The delay varies by ±50 % so that held refusals do not all come back
   * together.
   */
  async refuseIfSpent(limit: 'registerPerIp' | 'resetPerIp', ip: string): Promise<void> {
    const wait = await spent(this.limiters[limit], ip);
    if (!wait) return;
    await new Promise((resolve) => setTimeout(resolve, this.refusalDelayMs * (0.5 + Math.random())));
    throw tooManyRequests(wait);
  }

  /** Counts a registration from the address; throws a 429 with Retry-After past the limit. */
  async register(ip: string): Promise<void> {
    const wait = await take(this.limiters.registerPerIp, ip);
    if (wait) throw tooManyRequests(wait);
  }

  /** Takes a point for a reset-link use from the address (429 past the limit); a success gives it back. */
  async resetAttempt(ip: string): Promise<LimitedAttempt> {
    const limiter = this.limiters.resetPerIp;
    const wait = await take(limiter, ip);
    if (wait) throw tooManyRequests(wait);
    return { succeeded: () => limiter.reward(ip, 1).then(() => undefined) };
  }

  /**
   * Takes a point for a current-password check in one session (429 past the limit); a success
   * clears the session's failures. Kept apart from the login limits: someone holding only an
   * access token cannot lock the owner out of signing in.
   */
  async passwordCheck(sessionId: string): Promise<LimitedAttempt> {
    const limiter = this.limiters.changePasswordPerSession;
    const wait = await take(limiter, sessionId);
    if (wait) throw tooManyRequests(wait);
    return { succeeded: () => limiter.delete(sessionId).then(() => undefined) };
  }
}

/** Invitation limits: per client address, and per invited address (whichever organizations invite it). */
export interface InviteLimits {
  perIp: RequestLimit;
  perTarget: RequestLimit;
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
    const [ipWait, targetWait] = await Promise.all([take(this.perIp, ip), take(this.perTarget, email)]);
    const wait = Math.max(ipWait, targetWait);
    if (wait) throw tooManyRequests(wait);
  }
}

/** A fixed-window limiter in Redis when configured (shared by every instance), in memory otherwise or while Redis is down. */
function createLimiter(name: string, limit: RequestLimit, redis?: Redis): RateLimiterAbstract {
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
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...options.limits };
  const inviteLimits = options.inviteLimits ?? DEFAULT_INVITE_LIMITS;
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error.message }, 'Redis unavailable: login limits fall back to memory'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  app.decorate(
    'loginLimiter',
    new LoginLimiter({
      perAccount: createLimiter('login_account', limits.perAccount, redis),
      perIp: createLimiter('login_ip', limits.perIp, redis),
      registerPerIp: createLimiter('register_ip', limits.registerPerIp, redis),
      resetPerIp: createLimiter('reset_ip', limits.resetPerIp, redis),
      changePasswordPerSession: createLimiter('password_check_session', limits.changePasswordPerSession, redis),
    }),
  );
  app.decorate('requestLimiter', (name: string, limit: RequestLimit) => createLimiter(name, limit, redis));
  app.decorate(
    'inviteLimiter',
    new InviteLimiter(createLimiter('invite_ip', inviteLimits.perIp, redis), createLimiter('invite_target', inviteLimits.perTarget, redis)),
  );
}

export const loginLimiter = fp(loginLimiterPlugin, { name: 'login-limiter' });
