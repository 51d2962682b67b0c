import type { FieldErrors } from '../schemas/common.ts';

/** An answer the API gives on purpose: `{message}` (and `errors` for 422) with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 422 | 428 | 429 | 503,
    message: string,
    readonly errors?: FieldErrors,
    /** Sent with the answer, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get body() {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
