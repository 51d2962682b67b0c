import { useEffect } from 'react';
import type { FieldErrors } from '@schemas/common';
import { isApiError, staleMessage } from '../api/client';

/** A failed save split by where it shows: a 422's messages for the form's own fields, and the rest. */
function splitErrors(error: Error | null, failureMessage: string, fields: string[]) {
  if (!error) return { box: null, inline: null };
  // A conflict (e.g. not enough stock) is said in the server's words.
  if (isApiError(error, 409) && error.message) return { box: [error.message], inline: null };
  if (isApiError(error, 412)) return { box: [staleMessage(error)], inline: null };
  if (!isApiError(error, 422) || !error.errors) return { box: [failureMessage], inline: null };
  const entries = Object.entries(error.errors);
  const box = entries.filter(([name]) => !fields.includes(name)).flatMap(([, messages]) => messages);
  const inline: FieldErrors = Object.fromEntries(entries.filter(([name]) => fields.includes(name)));
  return { box: box.length ? box : null, inline };
}

/**
 * Shows a failed save where it belongs: a 422's field messages under the fields (through the form's
 * `setErrors`, so editing a field clears its message); returns what goes in the box above the form.
 */
export function useServerErrors(
  error: Error | null,
  failureMessage: string,
  fields: string[],
  setErrors: (errors: FieldErrors) => void,
): string[] | null {
  const { box, inline } = splitErrors(error, failureMessage, fields);
  useEffect(() => {
    if (inline) setErrors(inline);
    // Once per failed save: `inline` is derived from `error`.
  }, [error]);
  return box;
}
