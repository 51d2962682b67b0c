import type { z } from 'zod';
import { RecordForm } from '../forms/RecordForm';
import { toFormValues } from '../forms/useSchemaForm';
import type { RecordBase, RecordConfig, RecordFormProps } from './types';

interface RecordFormForProps<T extends RecordBase, S extends z.ZodType> extends RecordFormProps<T, S> {
  config: RecordConfig<T, S>;
}

/** The feature's own form when it has one, else the generic form of its fields. */
export function RecordFormFor<T extends RecordBase, S extends z.ZodType>({ config, ...props }: RecordFormForProps<T, S>) {
  const { form: Form, fields = [], inlineFieldErrors } = config;
  // What is typed on a record's create or edit page is kept as the page's draft.
  const keep = { version: props.record?.version, onDiscard: props.onDiscard };
  if (Form) return <Form {...props} keep={keep} />;
  const { record, ...rest } = props;
  // An edit form checks with updateSchema when there is one; its output has the same type.
  const schema = ((record && config.updateSchema) || config.schema) as S;
  return (
    <RecordForm
      {...rest}
      schema={schema}
      fields={fields.map((field) => ({ ...field, required: field.required === 'update' ? Boolean(record) : field.required }))}
      initial={toFormValues(
        fields.map((field) => field.name),
        record as Record<string, unknown> | undefined,
      )}
      inlineFieldErrors={inlineFieldErrors}
      keep={keep}
    />
  );
}
