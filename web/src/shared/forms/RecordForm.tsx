import type { z } from 'zod';
import { errorMessages } from '../api/client';
import { Field } from './Field';
import { FormCard } from './FormCard';
import { useServerErrors } from './serverErrors';
import { useSchemaForm, type FormValues, type KeepDraft } from './useSchemaForm';

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
  onReload?: () => void;
  /** Keeps what is typed as the page's draft (see useSchemaForm). */
  keep?: KeepDraft;
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
  onReload,
  keep,
}: RecordFormProps<S>) {
  const form = useSchemaForm(schema, initial, keep);
  const names = fields.map((field) => field.name);
  const remaining = useServerErrors(inlineFieldErrors ? error : null, failureMessage, names, form.setErrors);
  const serverErrors = inlineFieldErrors ? remaining : error && errorMessages(error, failureMessage);

  const submit = () => {
    const input = form.validate();
    if (input !== null) onSubmit(input);
  };

  return (
    <FormCard draft={form.draft} onReload={onReload} onSubmit={submit} messages={serverErrors} submitLabel={submitLabel} pending={pending} cancelTo={cancelTo}>
      {fields.map((field) => (
        <Field
          key={field.name}
          {...form.bind(field.name)}
          label={field.label}
          required={field.required}
          type={field.type}
          multiline={field.multiline}
          wide={field.multiline}
          autoComplete={field.autoComplete}
        />
      ))}
    </FormCard>
  );
}
