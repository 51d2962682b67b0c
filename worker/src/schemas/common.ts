import { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** Turns zod issues into `{field: [messages]}`; issues about the whole value go under `_`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Text as the database can store it: a NUL character is refused. */
function text(label: string, max: number, message: string | ((issue: { input?: unknown }) => string)) {
  return z
    .string({ error: message })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain invalid characters`);
}

/** A required text field: trimmed, with the specification's 'X is required' message. */
export function requiredText(label: string, max = 255) {
  const message = (issue: { input?: unknown }) => (issue.input == null ? `${label} is required` : `${label} must be text`);
  return text(label, max, message).refine((value) => value.length > 0, `${label} is required`);
}

/** An optional text field: trimmed; empty or missing becomes null. */
export function optionalText(label: string, max = 255) {
  return text(label, max, `${label} must be text`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional e-mail address: empty or missing becomes null. */
export function optionalEmail(label = 'Email') {
  return text(label, 255, `${label} must be text`)
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email(`${label} must be a valid email address`).nullable());
}
