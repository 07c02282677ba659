/** What every API route shares: the API's URL prefix and the schema of a path id. */
import { z } from 'zod';
import { MAX_ID } from '../../src/contract/fields';

/** Whether a request's URL is under the API prefix (JSON answers, never pages). */
export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/');

const ID = /^[1-9]\d{0,9}$/;

/**
 * A path id: a positive integer written in digits that fits the id columns (2^31 − 1 on every
 * database). Anything else names nothing, so the validator answers 404 for it (validation.ts),
 * never a 400 or a 500. Documented as the integer it stands for.
 */
export const pathId = z
  .string()
  .refine((value) => ID.test(value) && Number(value) <= MAX_ID)
  .transform(Number)
  .meta({ type: 'integer', minimum: 1, maximum: MAX_ID });
