import { maxWiperYear, MIN_WIPER_YEAR, wiperInput, type Wiper } from '@schemas/wipers';
import { Field } from '../../shared/forms/Field';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { PreferredSupplierField } from '../../shared/forms/PreferredSupplierField';
import { toFormValues } from '../../shared/forms/useSchemaForm';
import type { RecordFormProps } from '../../shared/records/types';
import { CostPriceField } from '../../shared/stock/CostPriceField';
import { TaxClassField } from '../../shared/forms/TaxClassField';
import { BarcodeField } from '../../shared/forms/BarcodeField';

const FIELDS = Object.keys(wiperInput.shape);
const PRICE = { step: '0.01', min: '0', inputMode: 'decimal' } as const;

interface WiperFormProps extends Omit<RecordFormProps<Wiper, typeof wiperInput>, 'cancelTo'> {
  cancelTo?: string;
  /** Shown above the fields, e.g. on the list page's inline form. */
  title?: string;
  /** Closes an inline form instead of leaving the page. */
  onCancel?: () => void;
}

function initialValues(wiper?: Wiper) {
  const values = toFormValues(FIELDS, wiper as Record<string, unknown> | undefined);
  return wiper ? values : { ...values, compatibility_year: String(new Date().getFullYear()) };
}

export function WiperForm({ record, title, submitLabel, cancelTo, onCancel, pending, error, failureMessage, onSubmit, onReload, keep }: WiperFormProps) {
  const form = useFormState(wiperInput, initialValues(record), { error, failureMessage, onSubmit, keep });
  const { bind } = form;

  return (
    <FormCard draft={form.draft} onReload={onReload}
      title={title}
      onSubmit={form.submit}
      messages={form.messages}
      submitLabel={submitLabel}
      pending={pending}
      cancelTo={cancelTo}
      onCancel={onCancel}
    >
      <Field {...bind('size')} label="Size (inches)" type="number" required inputProps={{ step: '1', min: '8', max: '40', inputMode: 'numeric' }} />
      <Field {...bind('type')} label="Type" required inputProps={{ placeholder: 'e.g. Beam, Conventional, Hybrid' }} />
      <Field {...bind('frame_material')} label="Frame Material" required inputProps={{ placeholder: 'e.g. Rubber, Silicone, Steel' }} />
      <Field
        {...bind('compatibility_year')}
        label="Compatibility Year"
        type="number"
        required
        inputProps={{ step: '1', min: String(MIN_WIPER_YEAR), max: String(maxWiperYear()), inputMode: 'numeric' }}
      />
      <Field {...bind('compatible_cars')} label="Compatible Cars" required wide inputProps={{ placeholder: 'e.g. Honda Civic, Toyota Corolla' }} />
      <LookupSelect {...bind('made_in_id')} path="made-ins" label="Made In" required placeholder="Select a country" empty="No made-in countries yet" />
      <CostPriceField {...bind('cost_price')} change={Boolean(record)} inputProps={PRICE} />
      <Field {...bind('selling_price')} label="Selling Price" type="number" inputProps={PRICE} />
      <TaxClassField values={form.values} setField={form.setField} errors={form.errors.tax_rate_id} />
      <BarcodeField {...bind('barcode')} />
      <PreferredSupplierField {...bind('preferred_supplier_id')} />
    </FormCard>
  );
}
