import type { z } from 'zod';
import { errorMessages } from '../api/client';
import { CheckboxField } from '../ui/CheckboxField';
import { Field } from './Field';
import { FormCard } from './FormCard';
import { useServerErrors } from './serverErrors';
import { useSchemaForm, type FormValues, type KeepDraft } from './useSchemaForm';

const isOn = (value: string | undefined) => value === '1' || value === 'true';

export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'date' | 'checkbox';
  hint?: string;
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
  // A box starts ticked or not: a record without the field has it off.
  const opened = Object.fromEntries(
    Object.entries(initial).map(([name, value]) => [name, fields.find((field) => field.name === name)?.type === 'checkbox' ? (isOn(value) ? '1' : '0') : value]),
  );
  const form = useSchemaForm(schema, opened, keep);
  const names = fields.map((field) => field.name);
  const remaining = useServerErrors(inlineFieldErrors ? error : null, failureMessage, names, form.setErrors);
  const serverErrors = inlineFieldErrors ? remaining : error && errorMessages(error, failureMessage);

  const submit = () => {
    const input = form.validate();
    if (input !== null) onSubmit(input);
  };

  return (
    <FormCard draft={form.draft} onReload={onReload} onSubmit={submit} messages={serverErrors} submitLabel={submitLabel} pending={pending} cancelTo={cancelTo}>
      {fields.map((field) =>
        field.type === 'checkbox' ? (
          <CheckboxField
            key={field.name}
            name={field.name}
            label={field.label}
            hint={field.hint}
            checked={isOn(form.values[field.name])}
            onChange={(checked) => form.setField(field.name, checked ? '1' : '0')}
          />
        ) : (
        <Field
          key={field.name}
          {...form.bind(field.name)}
          label={field.label}
          required={field.required}
          type={field.type}
          multiline={field.multiline}
          wide={field.multiline}
          autoComplete={field.autoComplete}
          hint={field.hint}
        />
        ),
      )}
    </FormCard>
  );
}
