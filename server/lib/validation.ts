/**
 * Strict request validation with zod: no type coercion, unknown fields refused (so
 * `is_superuser`, `owner` or `role` can never be mass-assigned), DRF-style field errors.
 */
import { z } from 'zod';
import { fieldErrors, type FieldErrors } from './errors';

function messageFor(issue: z.core.$ZodIssue): string {
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') && issue.input === undefined)
    return 'This field is required.';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return (
        {
          string: 'Not a valid string.',
          number: 'A valid number is required.',
          int: 'A valid integer is required.',
          boolean: 'Must be a valid boolean.',
          array: 'Expected a list of items.',
          object: 'Expected an object.',
        }[issue.expected as string] ?? `Expected ${issue.expected}.`
      );
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'This field may not be blank.' : `Ensure this field has at least ${issue.minimum} characters.`;
      if (issue.origin === 'number') return `Ensure this value is greater than or equal to ${issue.minimum}.`;
      if (issue.origin === 'array') return `Ensure this list has at least ${issue.minimum} items.`;
      return issue.message;
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
      if (issue.origin === 'number') return `Ensure this value is less than or equal to ${issue.maximum}.`;
      if (issue.origin === 'array') return `Ensure this list has no more than ${issue.maximum} items.`;
      return issue.message;
    case 'invalid_value':
      return `"${String(issue.input)}" is not a valid choice.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'uuid') return 'Must be a valid UUID.';
      if (issue.format === 'datetime') return 'Datetime has wrong format. Use ISO 8601.';
      return issue.message;
    default:
      return issue.message;
  }
}

/** Field errors keyed by the top-level field; nested paths are folded into the message. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (errors[key] ??= []).push('Unknown field.');
      continue;
    }
    const [head, ...rest] = issue.path;
    const field = head === undefined ? 'non_field_errors' : String(head);
    const where = rest.length ? `Item ${rest.map(String).join('.')}: ` : '';
    (errors[field] ??= []).push(where + messageFor(issue));
  }
  return errors;
}

/** Parses a request body (or query) with a schema, throwing a 400 with field errors. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (!result.success) throw fieldErrors(toFieldErrors(result.error));
  return result.data;
}

/** Path ids: a positive integer written in digits, or the route answers 404. */
export const idParam = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number);

/** An optional text field: absent or null is stored as '', surrounding white space trimmed. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v?.trim() ?? '');
