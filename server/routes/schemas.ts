/** How route files document their answers, and the error answers they share (shapes from the contract). */
import { z } from 'zod';
import { detailSchema, fieldErrorsSchema } from '../../src/contract/fields';

/** A JSON answer: the contract's schema object itself, so the document shows the contract's shape. */
export const json = <S extends z.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } });

/** An answer without a body (a 204). */
export const empty = (description: string) => z.undefined().describe(description);

export const errors = {
  400: json('Invalid input', fieldErrorsSchema),
  401: json('Not signed in, or the token is invalid', detailSchema),
  403: json('Not allowed', detailSchema),
  404: json('Not found', detailSchema),
  409: json('Conflicts with what is stored', detailSchema),
};
