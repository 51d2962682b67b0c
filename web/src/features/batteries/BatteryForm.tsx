import { batteryInput, type Battery } from '@schemas/batteries';
import { Field } from '../../shared/forms/Field';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { PreferredSupplierField } from '../../shared/forms/PreferredSupplierField';
import { toFormValues } from '../../shared/forms/useSchemaForm';
import type { RecordFormProps } from '../../shared/records/types';
import { CostPriceField } from '../../shared/stock/CostPriceField';
import { SelectField } from '../../shared/ui/SelectField';
import { reversedOptions, shapeOptions, typeOptions } from './labels';
import { TaxClassField } from '../../shared/forms/TaxClassField';
import { BarcodeField } from '../../shared/forms/BarcodeField';

const FIELDS = Object.keys(batteryInput.shape);
const PRICE = { step: '0.01', min: '0', inputMode: 'decimal' } as const;
const WHOLE = { step: '1', min: '0', inputMode: 'numeric' } as const;

function initialValues(battery?: Battery) {
  const values = toFormValues(FIELDS, battery as Record<string, unknown> | undefined);
  return { ...values, reversed: battery ? (battery.reversed ? '1' : '0') : '0' };
}

/** Every field of a battery and its product: details, origin, prices and stock. */
export function BatteryForm({ record, submitLabel, cancelTo, pending, error, failureMessage, onSubmit, onReload, keep }: RecordFormProps<Battery, typeof batteryInput>) {
  const form = useFormState(batteryInput, initialValues(record), { error, failureMessage, onSubmit, keep });
  const { bind } = form;

  return (
    <FormCard draft={form.draft} onReload={onReload} onSubmit={form.submit} messages={form.messages} submitLabel={submitLabel} pending={pending} cancelTo={cancelTo}>
      <Field {...bind('battery_name')} label="Battery Name" required />
      <LookupSelect {...bind('battery_brand_id')} path="battery-brands" label="Brand" required placeholder="Select a brand" empty="No battery brands yet" />
      <LookupSelect {...bind('made_in_id')} path="made-ins" label="Made In" required placeholder="Select a country" empty="No made-in countries yet" />
      <SelectField {...bind('battery_shape')} label="Shape" required options={shapeOptions} placeholder="Select a shape" />
      <Field {...bind('ampere')} label="Ampere (AH)" type="number" required inputProps={{ ...WHOLE, min: '1' }} />
      <SelectField {...bind('reversed')} label="Reversed" required options={reversedOptions} />
      <SelectField {...bind('battery_type')} label="Type" required options={typeOptions} placeholder="Select a type" />
      <Field {...bind('date_received')} label="Date Received" type="date" />
      <CostPriceField {...bind('cost_price')} change={Boolean(record)} inputProps={PRICE} />
      <Field {...bind('selling_price')} label="Selling Price" type="number" inputProps={PRICE} />
      <TaxClassField values={form.values} setField={form.setField} errors={form.errors.tax_rate_id} />
      <BarcodeField {...bind('barcode')} />
      <PreferredSupplierField {...bind('preferred_supplier_id')} />
      <LookupSelect
        {...bind('location_id')}
        path="locations"
        label="Location"
        required
        placeholder="Select a location"
        empty="No locations yet"
        hint={record ? 'A change in quantity is counted at this branch.' : 'The opening stock is counted at this branch.'}
      />
      <Field {...bind('inventory_quantity')} label={record ? 'Quantity (all branches)' : 'Quantity'} type="number" required inputProps={WHOLE} />
      <Field {...bind('notes')} label="Notes" multiline wide />
    </FormCard>
  );
}
