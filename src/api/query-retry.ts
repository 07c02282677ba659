import { ApiError } from '../lib/api-error';

const FINAL: ReadonlySet<string> = new Set(['not-found', 'forbidden', 'unauthorized', 'invalid']);

/** One retry for failures that may pass (network, server); none for answers that will not change. */
export function retryUnlessFinal(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL.has(error.reason)) return false;
  return failureCount < 1;
}
