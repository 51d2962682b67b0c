import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { errorMessages } from '../api/client';
import { ErrorBox } from '../ui/ErrorBox';
import { Field } from './Field';
import { useServerErrors } from './serverErrors';
import { useSchemaForm, type FormValues } from './useSchemaForm';

export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  multiline?: boolean;
  autoComplete?: string;
}

interface RecordFormProps<S extends z.ZodType> {
  schema: S;
  fields: FieldSpec[];
  initial: FormValues;
  submitLabel: string;
  cancelTo: string;
  pending: boolean;
  /** The failed save, shown above the form (a 422's messages, or `failureMessage`). */
  error: Error | null;
  failureMessage: string;
  /** A 422's field messages go under their fields instead. */
  inlineFieldErrors?: boolean;
  onSubmit: (input: z.output<S>) => void;
}

export function RecordForm<S extends z.ZodType>({
  schema,
  fields,
  initial,
  submitLabel,
  cancelTo,
  pending,
  error,
  failureMessage,
  inlineFieldErrors = false,
  onSubmit,
}: RecordFormProps<S>) {
  const form = useSchemaForm(schema, initial);
  const names = fields.map((field) => field.name);
  const remaining = useServerErrors(inlineFieldErrors ? error : null, failureMessage, names, form.setErrors);
  const serverErrors = inlineFieldErrors ? remaining : error && errorMessages(error, failureMessage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.validate();
    if (input !== null) onSubmit(input);
  };

  return (
    <form className="card form" onSubmit={submit} noValidate>
      {serverErrors && serverErrors.length > 0 && <ErrorBox messages={serverErrors} />}
      <div className="form-grid">
        {fields.map((field) => (
          <Field
            key={field.name}
            name={field.name}
            label={field.label}
            required={field.required}
            type={field.type}
            multiline={field.multiline}
            wide={field.multiline}
            autoComplete={field.autoComplete}
            value={form.values[field.name] ?? ''}
            errors={form.errors[field.name]}
            onChange={(value) => form.setField(field.name, value)}
          />
        ))}
      </div>
      <div className="form-actions">
        <Link to={cancelTo} className="btn btn-secondary">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
