import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONSTRUCTION_TYPES, formatTireSize, RATINGS } from '@schemas/tires';
import type { FieldErrors } from '@schemas/common';
import { Field } from '../../shared/forms/Field';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import type { FormValues } from '../../shared/forms/useSchemaForm';
import { CostPriceField } from '../../shared/stock/CostPriceField';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { SelectField, type Option } from '../../shared/ui/SelectField';
import { lookupQueries } from './api';
import { CONSTRUCTION_LABELS, isOn, type TireSection } from './form';
import { TaxClassField } from '../../shared/forms/TaxClassField';
import { BarcodeField } from '../../shared/forms/BarcodeField';

export interface TireFormState {
  values: FormValues;
  errors: FieldErrors;
  setField: (name: string, value: string) => void;
  bind: (name: string) => { name: string; value: string; errors: string[] | undefined; onChange: (value: string) => void };
}

export const toOptions = (rows: { id: number; name: string }[] | undefined): Option[] =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

const constructionOptions = CONSTRUCTION_TYPES.map((value) => ({ value, label: CONSTRUCTION_LABELS[value] }));
const ratingOptions = RATINGS.map((value) => ({ value, label: value }));


function BasicFields({ form }: { form: TireFormState }) {
  const { values, errors, setField, bind } = form;
  const madeIns = useQuery(lookupQueries.madeIns);
  const brandId = values.tire_brand_id ?? '';
  const patterns = useQuery(lookupQueries.patternsByBrand(brandId));
  const originList = useId();

  return (
    <>
      <LookupSelect
        path="tire-brands"
        name="tire_brand_id"
        label="Brand"
        required
        value={brandId}
        placeholder="Select a brand"
        empty="No tire brands yet"
        errors={errors.tire_brand_id}
        onChange={(value) => {
          setField('tire_brand_id', value);
          setField('pattern_id', '');
        }}
      />
      <SelectField
        {...bind('pattern_id')}
        label="Pattern"
        options={toOptions(patterns.data)}
        placeholder={!brandId ? 'Choose a brand first' : patterns.isPending ? 'Loading...' : patterns.data?.length ? 'No pattern' : 'No patterns for this brand'}
        disabled={!brandId}
      />
      <LookupSelect
        path="suppliers"
        {...bind('supplier_id')}
        label="Supplier"
        required
        placeholder="Select a supplier"
        empty="No suppliers yet"
      />
      <Field
        {...bind('dot')}
        label="DOT"
        required
        inputProps={{ placeholder: 'e.g. 2324' }}
      />
      <Field
        {...bind('made_in')}
        label="Origin"
        required
        inputProps={{ list: originList, placeholder: 'Country of manufacture' }}
        after={
          <datalist id={originList}>
            {madeIns.data?.map((country) => <option key={country.id} value={country.name} />)}
          </datalist>
        }
      />
      <Field
        {...bind('date_received')}
        label="Date Received"
        type="date"
        required
      />
      <Field
        {...bind('date_of_production')}
        label="Date of Production"
        type="date"
      />
    </>
  );
}

function SpecificationFields({ form }: { form: TireFormState }) {
  const { values, errors, setField, bind } = form;

  return (
    <>
      <LookupSelect
        path="tire-types"
        {...bind('tire_type_id')}
        label="Tire Type"
        required
        placeholder="Select a tire type"
        empty="No tire types yet"
      />
      <Field
        name="size"
        label="Size"
        required
        value={values.size ?? ''}
        inputProps={{ placeholder: '225 / 50 R 16' }}
        errors={errors.size}
        onChange={(value) => setField('size', formatTireSize(value))}
      />
      <SelectField
        name="construction_type"
        label="Construction Type"
        value={values.construction_type || 'radial'}
        options={constructionOptions}
        errors={errors.construction_type}
        onChange={(value) => setField('construction_type', value)}
      />
      <CheckboxField
        name="run_flat"
        label="Run Flat"
        checked={isOn(values.run_flat)}
        onChange={(checked) => setField('run_flat', checked ? '1' : '0')}
      />
      <SelectField
        {...bind('fuel_rating')}
        label="Fuel Rating"
        options={ratingOptions}
        placeholder="Not rated"
      />
      <SelectField
        {...bind('water_rating')}
        label="Wet Grip"
        options={ratingOptions}
        placeholder="Not rated"
      />
    </>
  );
}

function PricingFields({ form, editing }: { form: TireFormState; editing: boolean }) {
  const { values, setField, bind } = form;
  const money = { step: '0.01', min: '0', inputMode: 'decimal' as const, placeholder: '0.00' };

  return (
    <>
      <CostPriceField {...bind('cost_price')} change={editing} required inputProps={money} />
      <Field
        {...bind('selling_price')}
        label="Selling Price"
        type="number"
        required
        inputProps={money}
      />
      <TaxClassField values={values} setField={setField} errors={form.errors?.tax_rate_id} />
      <BarcodeField {...bind('barcode')} />
      <LookupSelect
        path="locations"
        {...bind('location_id')}
        label="Location"
        required
        placeholder="Select a location"
        empty="No locations yet"
        hint={editing ? 'A change of quantity is recorded as a count correction here.' : 'Where the opening stock is kept.'}
      />
      <Field
        {...bind('quantity')}
        label={editing ? 'Quantity (all branches)' : 'Quantity'}
        type="number"
        required
        inputProps={{ step: '1', min: '0', inputMode: 'numeric' }}
      />
      <CheckboxField
        name="active"
        label="Active"
        checked={isOn(values.active)}
        hint="Inactive tires are not offered on new documents."
        onChange={(checked) => setField('active', checked ? '1' : '0')}
      />
      <Field
        {...bind('notes')}
        label="Notes"
        multiline
        wide
      />
    </>
  );
}

/** One section of the tire form; the wizard shows one per step, the edit form all three. */
export function TireFields({ section, form, editing = false }: { section: TireSection; form: TireFormState; editing?: boolean }) {
  if (section === 'basic') return <BasicFields form={form} />;
  if (section === 'specifications') return <SpecificationFields form={form} />;
  return <PricingFields form={form} editing={editing} />;
}
