/** True when a write failed on a UNIQUE constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: PostgreSQL is restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection failures
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/** True when the database could not be reached or is restarting: a 503 to retry, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  // node-postgres reports a dropped connection without a code.
  return typeof message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

/** True when a write failed for want of disk space: SQLite's SQLITE_FULL, PostgreSQL's disk_full, the file system's ENOSPC. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT';
}
