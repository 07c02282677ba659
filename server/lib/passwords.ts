/**
 * Password hashing (scrypt from Node's crypto, per-password salt, constant-time compare)
 * and the password rules of Django's default validators.
 * scrypt runs on Node's thread pool (four threads), which file reads and DNS share: 64
 * anonymous requests hashing at once held a media read for 14 s. So hashes run in two small
 * lanes — at most one new hash (registration, reset, change) and two checks (sign-in, current
 * password) at a time, the rest waiting their turn, checks first — which leaves a pool thread
 * free for files and keeps a flood of new hashes from delaying anyone's sign-in.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/** Runs at most `limit` tasks at once; the others wait, first come first served. */
export class Lane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private idle: { promise: Promise<void>; resolve: () => void } | undefined;
  /**
   * @param yieldTo a lane whose tasks go first: a task here starts only once that lane is idle,
   *   or after `maxYieldMs`, so that it is never starved
   */
  constructor(
    private readonly limit: number,
    private readonly yieldTo?: Lane,
    private readonly maxYieldMs = 2000,
  ) {}

  /** Resolves once no task runs or waits here. */
  private whenIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (!this.idle) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.idle = { promise, resolve };
    }
    return this.idle.promise;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      if (this.yieldTo?.running) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([this.yieldTo.whenIdle(), new Promise((resolve) => (timer = setTimeout(resolve, this.maxYieldMs)))]);
        clearTimeout(timer);
      }
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else if (--this.running === 0 && this.idle) {
        this.idle.resolve();
        this.idle = undefined;
      }
    }
  }
}

const checks = new Lane(2);
/**
 * Two checks at once (sign-ins), one new hash at once; a new hash waits (up to 2 s) while
 * checks run, so that on a busy processor a sign-in's check does not share it with a queue of
 * registrations.
 */
export const PASSWORD_LANES = { checks, newHashes: new Lane(1, checks) };

async function newHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function hashPassword(password: string): Promise<string> {
  return PASSWORD_LANES.newHashes.run(() => newHash(password));
}

/**
 * Whether `password` matches the stored hash. `whenAdmitted` runs when the check's turn in its
 * lane comes, just before hashing: a limiter that takes its point there counts only checks that
 * really run, and a success can give the point back before the next check starts. If it
 * throws, nothing is hashed and the error is the answer.
 */
export function verifyPassword(password: string, stored: string, whenAdmitted?: () => Promise<void>): Promise<boolean> {
  return PASSWORD_LANES.checks.run(async () => {
    await whenAdmitted?.();
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    });
    return timingSafeEqual(key, expected);
  });
}

/** A hash of a random password: compared against when the email is unknown, so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = () => (decoyHash ??= newHash(randomBytes(16).toString('hex')));

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'] as string[]));

/** Ratcliff/Obershelp similarity, as Python's difflib.SequenceMatcher.ratio() (Django's measure). */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  const matches = (x: string, y: string): number => {
    if (!x.length || !y.length) return 0;
    let best = 0;
    let bestX = 0;
    let bestY = 0;
    const lengths = new Array<number>(y.length + 1).fill(0);
    for (let i = 1; i <= x.length; i++) {
      let previousDiagonal = 0;
      for (let j = 1; j <= y.length; j++) {
        const saved = lengths[j]!;
        lengths[j] = x[i - 1] === y[j - 1] ? previousDiagonal + 1 : 0;
        if (lengths[j]! > best) {
          best = lengths[j]!;
          bestX = i - best;
          bestY = j - best;
        }
        previousDiagonal = saved;
      }
    }
    if (!best) return 0;
    return best + matches(x.slice(0, bestX), y.slice(0, bestY)) + matches(x.slice(bestX + best), y.slice(bestY + best));
  };
  return (2 * matches(a, b)) / (a.length + b.length);
}

const MAX_SIMILARITY = 0.7;

/** Django's default password validators; returns the messages of every rule broken. */
export function passwordProblems(password: string, attributes: { email?: string; full_name?: string }): string[] {
  const problems: string[] = [];
  const lowered = password.toLowerCase();
  for (const [name, label] of [
    ['email', 'email address'],
    ['full_name', 'full name'],
  ] as const) {
    const value = attributes[name]?.toLowerCase();
    if (!value) continue;
    const parts = [value, ...value.split(/\W+/).filter(Boolean)];
    if (parts.some((part) => similarity(lowered, part) >= MAX_SIMILARITY)) {
      problems.push(`The password is too similar to the ${label}.`);
      break;
    }
  }
  if (password.length < 8) problems.push('This password is too short. It must contain at least 8 characters.');
  if (commonPasswords().has(lowered.trim())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}

/** The account rules shared by registration and the createsuperuser command, as field errors. */
export function registrationProblems(input: { email: string; password: string; password2?: string; full_name: string }): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (input.password2 !== undefined && input.password !== input.password2) problems.password2 = ['Passwords do not match.'];
  const passwordIssues = passwordProblems(input.password, { email: input.email, full_name: input.full_name });
  if (passwordIssues.length) problems.password = passwordIssues;
  return problems;
}
