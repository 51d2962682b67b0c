import { useEffect } from 'react';
import { DEFAULT_MIN_STOCK, inventoryInput, type InventoryItem } from '@schemas/inventories';
import { Field } from '../../shared/forms/Field';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { PreferredSupplierField } from '../../shared/forms/PreferredSupplierField';
import { toFormValues } from '../../shared/forms/useSchemaForm';
import type { RecordFormProps } from '../../shared/records/types';
import { CostPriceField } from '../../shared/stock/CostPriceField';
import { SelectField } from '../../shared/ui/SelectField';
import { categoryOptions } from './status';
import { TaxClassField } from '../../shared/forms/TaxClassField';
import { BarcodeField } from '../../shared/forms/BarcodeField';

const FIELDS = Object.keys(inventoryInput.shape);
const PRICE = { step: '0.01', min: '0', inputMode: 'decimal' } as const;
const WHOLE = { step: '1', min: '0', inputMode: 'numeric' } as const;

function initialValues(item?: InventoryItem) {
  const values = toFormValues(FIELDS, item as Record<string, unknown> | undefined);
  return item ? values : { ...values, current_stock: '0', min_stock: String(DEFAULT_MIN_STOCK) };
}

export function InventoryForm({ record, submitLabel, cancelTo, pending, error, failureMessage, onSubmit, onReload, keep }: RecordFormProps<InventoryItem, typeof inventoryInput>) {
  const form = useFormState(inventoryInput, initialValues(record), { error, failureMessage, onSubmit, keep });
  const { bind, setField } = form;
  // A stock change made beside the form (the stock panel) shows here, so saving does not undo it.
  const stock = record?.current_stock;
  useEffect(() => {
    if (stock !== undefined) setField('current_stock', String(stock));
  }, [stock]);

  return (
    <FormCard draft={form.draft} onReload={onReload} onSubmit={form.submit} messages={form.messages} submitLabel={submitLabel} pending={pending} cancelTo={cancelTo}>
      <Field {...bind('name')} label="Name" required />
      <SelectField {...bind('category')} label="Category" required options={categoryOptions} placeholder="Select a category" />
      <Field {...bind('current_stock')} label={record ? 'Current Stock (all branches)' : 'Current Stock'} type="number" inputProps={WHOLE} />
      <Field {...bind('min_stock')} label="Min Stock" type="number" inputProps={WHOLE} />
      <Field {...bind('unit_price')} label="Unit Price" type="number" required inputProps={PRICE} />
      <TaxClassField values={form.values} setField={form.setField} errors={form.errors.tax_rate_id} />
      <BarcodeField {...bind('barcode')} />
      <PreferredSupplierField {...bind('preferred_supplier_id')} />
      <CostPriceField {...bind('cost_price')} change={Boolean(record)} inputProps={PRICE} />
      <LookupSelect
        {...bind('location_id')}
        path="locations"
        label="Location"
        placeholder="First branch"
        empty="No locations yet"
        hint={record ? 'A change in stock is counted at this branch.' : 'The opening stock is counted at this branch.'}
      />
    </FormCard>
  );
}
