import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '@schemas/common';
import { isApiError } from '../api/client';

const LINE_FIELD = /^items\.(\d+)\./;

/**
 * Checks a document's input with the API's schema and places every message: a field's under the
 * field, a line's on the line, the rest (no items, a 409, a failure) in the box above the form.
 */
export function useDocumentForm<S extends z.ZodType>({
  schema,
  fields,
  error,
  failureMessage,
  onValid,
}: {
  schema: S;
  /** The form's own fields, whose messages go under them. */
  fields: string[];
  error: Error | null;
  failureMessage: string;
  onValid: (input: z.output<S>) => void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (isApiError(error, 422) && error.errors) setErrors(error.errors);
  }, [error]);

  const submit = (input: unknown) => {
    const result = schema.safeParse(input);
    if (!result.success) return setErrors(fieldErrors(result.error));
    setErrors({});
    onValid(result.data);
  };

  const lineErrors = new Map<number, string[]>();
  const box: string[] = [];
  for (const [name, messages] of Object.entries(errors)) {
    const line = LINE_FIELD.exec(name);
    if (line) lineErrors.set(Number(line[1]), [...(lineErrors.get(Number(line[1])) ?? []), ...messages]);
    else if (!fields.includes(name)) box.push(...messages);
  }
  if (error && !(isApiError(error, 422) && error.errors)) {
    box.unshift(isApiError(error, 409) || isApiError(error, 422) ? error.message || failureMessage : failureMessage);
  }

  return { errors, lineErrors, messages: box.length ? [...new Set(box)] : null, submit };
}
