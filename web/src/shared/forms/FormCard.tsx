import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from '../routes/Link';
import type { z } from 'zod';
import { ErrorBox, ReloadButton } from '../ui/ErrorBox';
import { DraftNote } from './DraftNote';
import type { DraftControl } from './drafts';
import { useServerErrors } from './serverErrors';
import { useSchemaForm, type FormValues, type KeepDraft } from './useSchemaForm';

interface SaveState<S extends z.ZodType> {
  /** The failed save: a 422's field messages go under the fields, the rest in the box. */
  error: Error | null;
  failureMessage: string;
  onSubmit: (input: z.output<S>) => void;
  /** Keeps what is typed as the page's draft (see useSchemaForm). */
  keep?: KeepDraft;
}

/** A form of text values checked with `schema`, with `bind(name)` for its fields and a failed save split by field. */
export function useFormState<S extends z.ZodType>(schema: S, initial: FormValues, { error, failureMessage, onSubmit, keep }: SaveState<S>) {
  const form = useSchemaForm(schema, initial, keep);
  const messages = useServerErrors(error, failureMessage, Object.keys(initial), form.setErrors);
  const submit = () => {
    const input = form.validate();
    if (input !== null) onSubmit(input);
  };
  return { ...form, messages, submit };
}

interface FormCardProps {
  onSubmit: () => void;
  messages: string[] | null;
  submitLabel: string;
  pending: boolean;
  /** Cancel goes back to this page, or calls onCancel (e.g. an inline form that closes). */
  cancelTo?: string;
  onCancel?: () => void;
  title?: string;
  /** Offered when the record changed since the form opened: loads it as it is now. */
  onReload?: () => void;
  /** The form's kept draft: a note when it was restored, and Cancel drops it. */
  draft?: DraftControl;
  children: ReactNode;
}

/** The card a form sits in: messages above, fields in a grid, Cancel and the submit button below. */
export function FormCard({ onSubmit, messages, submitLabel, pending, cancelTo, onCancel, title, onReload, draft, children }: FormCardProps) {
  const box = useRef<HTMLDivElement>(null);
  const failed = Boolean(messages?.length);
  // A refused save is said above the fields, out of sight of the button that was pressed.
  useEffect(() => {
    if (failed) box.current?.scrollIntoView({ block: 'nearest' });
  }, [failed, messages]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={title}>
      {title && <h2 className="form-title">{title}</h2>}
      <DraftNote draft={draft} />
      <div ref={box} className="form-messages">
        {failed && (
          <ErrorBox messages={messages!}>
            <ReloadButton onReload={onReload} />
          </ErrorBox>
        )}
      </div>
      <div className="form-grid">{children}</div>
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          cancelTo && (
            <Link to={cancelTo} className="btn btn-secondary" onClick={draft?.clear}>
              Cancel
            </Link>
          )
        )}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
