import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '@schemas/issues';
import { useKeepDraft, usePageDraft, type DraftControl } from './drafts';

export type FormValues = Record<string, string>;

/** A form that keeps its draft in the browser (see drafts.ts); an edit form names the record version it opened. */
export interface KeepDraft {
  version?: number;
  /** An edit form's Discard: opens the record as it is now (the draft kept the version it was opened with). */
  onDiscard?: () => void;
}

/**
 * Form state checked with a zod schema; values are text unless a form keeps other kinds (checkbox lists).
 * With `keep`, what is typed is kept as the page's draft and a kept draft is what the form opens with.
 * A form whose schema loads on demand (and zod with it, off a first screen) passes none here and
 * gives it to `validate`.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, unknown> = FormValues>(schema: S | undefined, initial: V, keep?: KeepDraft) {
  const page = usePageDraft<V>(Boolean(keep));
  const [values, setValues] = useState(() => (page.kept ? { ...initial, ...page.kept } : initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  useKeepDraft(page, values, { pristine: initial, version: keep?.version, enabled: Boolean(keep) });
  const draft: DraftControl | undefined = keep && {
    restored: page.restored,
    discard: () => {
      page.clear();
      if (keep.onDiscard) return keep.onDiscard();
      setValues(initial);
      setErrors({});
    },
    clear: page.clear,
  };

  const setField = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const validate = (using = schema): z.output<S> | null => {
    if (!using) throw new Error('useSchemaForm: validate needs the schema that was not given to the form');
    const result = using.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrors(result.error));
    return null;
  };

  /** The props of a text field (Field, SelectField, LookupSelect) bound to `name`. */
  const bind = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    errors: errors[name],
    onChange: (value: string) => setField(name, value as V[K]),
  });

  return { values, errors, setField, setErrors, validate, bind, draft };
}

/** A record as form text; money (the `*price` fields) keeps its two decimals. */
export function toFormValues(fields: string[], record?: Record<string, unknown> | null): FormValues {
  const text = (field: string, value: unknown) =>
    value == null ? '' : typeof value === 'number' && field.endsWith('price') ? value.toFixed(2) : String(value);
  return Object.fromEntries(fields.map((field) => [field, text(field, record?.[field])]));
}
