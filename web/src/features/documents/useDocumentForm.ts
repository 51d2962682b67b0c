import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '@schemas/common';
import { isApiError, staleMessage } from '../../shared/api/client';

const LINE_FIELD = /^items\.(\d+)\./;

/**
 * Checks a document's input with the API's schema and places every message: a field's under the
 * field, a line's on the line, the rest (no items, a 409, a failure) in the box above the form.
 * After the first attempt to save, the messages follow the input as it is corrected; the server's
 * field messages stay until the input they were about changes.
 */
export function useDocumentForm<S extends z.ZodType>({
  schema,
  input,
  fields,
  error,
  failureMessage,
  onValid,
}: {
  schema: S;
  /** The form's input as it stands. */
  input: unknown;
  /** The form's own fields, whose messages go under them. */
  fields: string[];
  error: Error | null;
  failureMessage: string;
  onValid: (input: z.output<S>) => void;
}) {
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState<{ errors: FieldErrors; input: string } | null>(null);
  const submitted = useRef('');
  const snapshot = JSON.stringify(input);
  const check = schema.safeParse(input);

  useEffect(() => {
    if (isApiError(error, 422) && error.errors) setRefused({ errors: error.errors, input: submitted.current });
  }, [error]);

  const errors: FieldErrors = {
    ...(refused?.input === snapshot ? refused.errors : {}),
    ...(attempted && !check.success ? fieldErrors(check.error) : {}),
  };

  const submit = () => {
    setAttempted(true);
    if (!check.success) return;
    submitted.current = snapshot;
    onValid(check.data);
  };

  const lineErrors = new Map<number, string[]>();
  const box: string[] = [];
  for (const [name, messages] of Object.entries(errors)) {
    const line = LINE_FIELD.exec(name);
    if (line) lineErrors.set(Number(line[1]), [...(lineErrors.get(Number(line[1])) ?? []), ...messages]);
    else if (!fields.includes(name)) box.push(...messages);
  }
  if (isApiError(error, 412)) box.unshift(staleMessage(error));
  else if (error && !(isApiError(error, 422) && error.errors)) {
    box.unshift(isApiError(error, 403) || isApiError(error, 409) || isApiError(error, 422) ? error.message || failureMessage : failureMessage);
  }

  return { errors, lineErrors, messages: box.length ? [...new Set(box)] : null, submit };
}
