import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/**
 * Turns zod issues into `{field: [messages]}`; issues about the whole value go under `_`. Apart from
 * common.ts, so that a form whose schema loads on demand does not load zod with the page.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
