import { serviceInput, type Service } from '@schemas/services';
import { Field } from '../../shared/forms/Field';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { toFormValues } from '../../shared/forms/useSchemaForm';
import type { RecordFormProps } from '../../shared/records/types';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { TaxClassField } from '../../shared/forms/TaxClassField';

const FIELDS = Object.keys(serviceInput.shape);

export function ServiceForm({ record, submitLabel, cancelTo, pending, error, failureMessage, onSubmit, onReload, keep }: RecordFormProps<Service, typeof serviceInput>) {
  const initial = { ...toFormValues(FIELDS, record as Record<string, unknown> | undefined), active: record?.active === false ? '0' : '1' };
  const form = useFormState(serviceInput, initial, { error, failureMessage, onSubmit, keep });
  const { bind } = form;

  return (
    <FormCard draft={form.draft} onReload={onReload} onSubmit={form.submit} messages={form.messages} submitLabel={submitLabel} pending={pending} cancelTo={cancelTo}>
      <Field {...bind('name')} label="Name" required />
      <Field {...bind('selling_price')} label="Price" type="number" required inputProps={{ step: '0.01', min: '0', inputMode: 'decimal' }} />
      <TaxClassField values={form.values} setField={form.setField} errors={form.errors.tax_rate_id} />
      <Field {...bind('description')} label="Description" multiline wide />
      <CheckboxField
        name="active"
        label="Active"
        hint="Only active services are offered on invoices and sales."
        checked={form.values.active === '1'}
        onChange={(checked) => form.setField('active', checked ? '1' : '0')}
      />
    </FormCard>
  );
}
