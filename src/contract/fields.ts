/** Field rules shared by several request shapes. Imports nothing but zod. */
import { z } from './zod';

/** Database ids: positive integers that fit a 32-bit signed column on every database. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.number().int().min(1).max(MAX_ID);

/** An optional text field: absent or null is stored as '', surrounding white space trimmed. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v?.trim() ?? '');

/** DRF-style page (`{count, next, previous, results}`); SPEC §7 also allows a bare array. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The one error shape: `{"detail": …}` or field errors `{"field": ["…"]}`. */
export const detailSchema = z.object({ detail: z.string() });
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
