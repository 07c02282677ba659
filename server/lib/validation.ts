/**
 * Strict request validation with zod: no type coercion, unknown fields refused (so
 * `is_superuser`, `owner` or `role` can never be mass-assigned), NUL characters refused in
 * every text (PostgreSQL cannot store them), DRF-style field errors.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { fieldErrors, type FieldErrors, notFound } from './errors';

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

/**
 * Collects messages per field. Keys come from the request (`constructor`, `__proto__`, …), so
 * they live in a Map and the answer is built on an object without a prototype.
 */
class FieldErrorCollector {
  private readonly byField = new Map<string, string[]>();
  add(field: string, message: string) {
    const list = this.byField.get(field);
    if (list) list.push(message);
    else this.byField.set(field, [message]);
  }
  get size() {
    return this.byField.size;
  }
  toObject(): FieldErrors {
    const errors = Object.create(null) as FieldErrors;
    for (const [field, messages] of this.byField) errors[field] = messages;
    return errors;
  }
}

/** Field errors keyed by the top-level field; nested paths are folded into the message. */
function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors = new FieldErrorCollector();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.add(key, 'Unknown field.');
      continue;
    }
    const [head, ...rest] = issue.path;
    const field = head === undefined ? 'non_field_errors' : String(head);
    const where = rest.length ? `Item ${rest.map(String).join('.')}: ` : '';
    errors.add(field, where + messageFor(issue));
  }
  return errors.toObject();
}

const NUL = '\u0000';

/** Every field (by its top-level name) whose text, at any depth, holds a NUL character. */
function fieldsWithNul(input: unknown): FieldErrors | null {
  if (input === null || typeof input !== 'object')
    return typeof input === 'string' && input.includes(NUL) ? { non_field_errors: ['Null characters are not allowed.'] } : null;
  const errors = new FieldErrorCollector();
  const holdsNul = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') return value.includes(NUL);
    if (value === null || typeof value !== 'object' || depth > 64) return false;
    return Object.entries(value).some(([key, v]) => key.includes(NUL) || holdsNul(v, depth + 1));
  };
  for (const [key, value] of Object.entries(input)) {
    if (key.includes(NUL) || holdsNul(value, 0)) errors.add(key, 'Null characters are not allowed.');
  }
  return errors.size ? errors.toObject() : null;
}

/** Parses a request body (or query) with a schema, throwing a 400 with field errors. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const withNul = fieldsWithNul(input);
  if (withNul) throw fieldErrors(withNul);
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (!result.success) throw fieldErrors(toFieldErrors(result.error));
  return result.data;
}

/**
 * Fastify's validator for the routes' zod schemas: bodies go through `parse` (the answer names
 * each field), and path params that do not parse name nothing (a 404). Not the type provider's
 * own validatorCompiler: its issues leave out the input, which the messages above need.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'params') {
      const result = schema.safeParse(data);
      return result.success ? { value: result.data } : { error: notFound() };
    }
    try {
      return { value: parse(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
