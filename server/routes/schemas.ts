/** Response shapes shared by several route files (documented in the OpenAPI document). */
import { z } from 'zod';

export const detailSchema = z.object({ detail: z.string() });
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

export { sessionUserSchema } from '../../src/contract/session';

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });

export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export const errors = {
  400: { description: 'Invalid input', schema: fieldErrorsSchema },
  401: { description: 'Not signed in, or the token is invalid', schema: detailSchema },
  403: { description: 'Not allowed', schema: detailSchema },
  404: { description: 'Not found', schema: detailSchema },
};
