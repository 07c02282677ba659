/**
 * Expected failures, thrown by routes and repositories and turned into the API's one error
 * shape by the app's error handler: `{"detail": "…"}` or field errors `{"field": ["…"]}`.
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { detail: string; code?: string } | FieldErrors | { error: string },
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (detail: string) => new HttpError(400, { detail });
export const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [message] });
export const fieldErrors = (errors: FieldErrors) => new HttpError(400, errors);
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') => new HttpError(401, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, { detail });
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, { detail: `Too many attempts. Try again in ${retryAfterSeconds} seconds.` }, { 'retry-after': String(retryAfterSeconds) });
