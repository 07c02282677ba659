/**
 * Configuration from the environment, checked once at start-up. An invalid value stops the
 * process with a message naming the variable, never a stack trace.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {}

const MiB = 1024 * 1024;

/** Names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Fastify's `trustProxy`: false, the number of proxy hops to trust, or the proxies' addresses.
 * Never `true`, which would take the left-most X-Forwarded-For entry, one the client writes.
 */
function trustProxyOf(value: string): false | number | string[] {
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : false;
  return value.split(',').map((entry) => entry.trim());
}

/**
 * Fastify's `trustProxy` for the configured proxies. A hop count becomes a function: this
 * Fastify refuses a plain number (it cannot tell a proxy from a client that reaches the app
 * directly, so a hop count is only safe where the app listens behind the proxies alone).
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL (leave it unset for the embedded SQLite database)')
    .optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().min(5).max(86_400).default(600),
  REFRESH_TOKEN_IDLE_LIFETIME: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 86_400),
  REFRESH_TOKEN_ABSOLUTE_LIFETIME: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86_400),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  MAX_IMAGE_UPLOAD_MB: z.coerce.number().positive().max(100).default(10),
  MAX_VIDEO_UPLOAD_MB: z.coerce.number().positive().max(4096).default(200),
  TRUST_PROXY: z
    .string()
    .default('0')
    .refine(
      (v) => /^\d{1,2}$/.test(v) || v.split(',').every((entry) => isProxyAddress(entry.trim())),
      'must be the number of trusted proxies in front of the app (0: none) or their addresses, comma-separated (IPs or CIDR ranges)',
    ),
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PATH_STYLE: z.enum(['0', '1']).default('1'),
  SCORE_POST_LIMIT: z.coerce.number().int().min(0).default(300),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTACT_TO: z
    .string()
    .refine((v) => v.split(',').every((address) => z.email().safeParse(address.trim()).success), 'must be an email address (several separated by commas)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  sqliteFile: string;
  secretKey: string;
  redisUrl?: string;
  seedDemo: boolean;
  accessTokenLifetime: number;
  refreshIdleLifetime: number;
  refreshAbsoluteLifetime: number;
  /** A refresh token presented again this soon after its rotation is a retry, not a theft. */
  refreshReuseGraceSeconds: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): the client address is
   * read from the right, past this many hops or these addresses.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Score posts a user may make in any 10 minutes (plugins/score-limiter.ts); 0: no limit. */
  scorePostLimit: number;
  /** The address people open the app at, without a trailing slash; links never take the request's Host instead. */
  publicUrl?: string;
  /** Where the contact form's messages are mailed (CONTACT_TO); unset, they are only stored and listed for superusers. */
  contactTo?: string;
  /** Set when MEDIA_STORAGE=s3: media live in this bucket instead of DATA_DIR/media. */
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; pathStyle: boolean };
}

/** Reads (or creates once, mode 0600) the signing key kept in DATA_DIR. */
function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.MEDIA_STORAGE === 's3') {
    const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  ${missing.map((name) => `${name}: required when MEDIA_STORAGE=s3`).join('\n  ')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  try {
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR: cannot create ${dataDir} (${(error as Error).message})`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'db.sqlite3'),
    secretKey: e.SECRET_KEY ?? secretFromDataDir(dataDir),
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO === '1',
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    refreshIdleLifetime: e.REFRESH_TOKEN_IDLE_LIFETIME,
    refreshAbsoluteLifetime: e.REFRESH_TOKEN_ABSOLUTE_LIFETIME,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    maxImageBytes: Math.round(e.MAX_IMAGE_UPLOAD_MB * MiB),
    maxVideoBytes: Math.round(e.MAX_VIDEO_UPLOAD_MB * MiB),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    scorePostLimit: e.SCORE_POST_LIMIT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    contactTo: e.CONTACT_TO,
    s3:
      e.MEDIA_STORAGE === 's3'
        ? {
            endpoint: e.S3_ENDPOINT!,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            pathStyle: e.S3_PATH_STYLE === '1',
          }
        : undefined,
  };
}
