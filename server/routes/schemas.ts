/** The documented error answers shared by every route file (shapes from the contract). */
import { detailSchema, fieldErrorsSchema } from '../../src/contract/fields';

export const errors = {
  400: { description: 'Invalid input', schema: fieldErrorsSchema },
  401: { description: 'Not signed in, or the token is invalid', schema: detailSchema },
  403: { description: 'Not allowed', schema: detailSchema },
  404: { description: 'Not found', schema: detailSchema },
  409: { description: 'Conflicts with what is stored', schema: detailSchema },
};
