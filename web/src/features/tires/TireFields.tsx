import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONSTRUCTION_TYPES, formatTireSize, RATINGS } from '@schemas/tires';
import type { FieldErrors } from '@schemas/common';
import { Field } from '../../shared/forms/Field';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import type { FormValues } from '../../shared/forms/useSchemaForm';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { SelectField, type Option } from '../../shared/ui/SelectField';
import { lookupQueries } from './api';
import { CONSTRUCTION_LABELS, isOn, type TireSection } from './form';

export interface TireFormState {
  values: FormValues;
  errors: FieldErrors;
  setField: (name: string, value: string) => void;
}

export const toOptions = (rows: { id: number; name: string }[] | undefined): Option[] =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

const constructionOptions = CONSTRUCTION_TYPES.map((value) => ({ value, label: CONSTRUCTION_LABELS[value] }));
const ratingOptions = RATINGS.map((value) => ({ value, label: value }));


function BasicFields({ form }: { form: TireFormState }) {
  const { values, errors, setField } = form;
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
        name="pattern_id"
        label="Pattern"
        value={values.pattern_id ?? ''}
        options={toOptions(patterns.data)}
        placeholder={!brandId ? 'Choose a brand first' : patterns.isPending ? 'Loading...' : patterns.data?.length ? 'No pattern' : 'No patterns for this brand'}
        disabled={!brandId}
        errors={errors.pattern_id}
        onChange={(value) => setField('pattern_id', value)}
      />
      <LookupSelect
        path="suppliers"
        name="supplier_id"
        label="Supplier"
        required
        value={values.supplier_id ?? ''}
        placeholder="Select a supplier"
        empty="No suppliers yet"
        errors={errors.supplier_id}
        onChange={(value) => setField('supplier_id', value)}
      />
      <Field
        name="dot"
        label="DOT"
        required
        value={values.dot ?? ''}
        inputProps={{ placeholder: 'e.g. 2324' }}
        errors={errors.dot}
        onChange={(value) => setField('dot', value)}
      />
      <Field
        name="made_in"
        label="Origin"
        required
        value={values.made_in ?? ''}
        inputProps={{ list: originList, placeholder: 'Country of manufacture' }}
        errors={errors.made_in}
        onChange={(value) => setField('made_in', value)}
        after={
          <datalist id={originList}>
            {madeIns.data?.map((country) => <option key={country.id} value={country.name} />)}
          </datalist>
        }
      />
      <Field
        name="date_received"
        label="Date Received"
        type="date"
        required
        value={values.date_received ?? ''}
        errors={errors.date_received}
        onChange={(value) => setField('date_received', value)}
      />
      <Field
        name="date_of_production"
        label="Date of Production"
        type="date"
        value={values.date_of_production ?? ''}
        errors={errors.date_of_production}
        onChange={(value) => setField('date_of_production', value)}
      />
    </>
  );
}

function SpecificationFields({ form }: { form: TireFormState }) {
  const { values, errors, setField } = form;

  return (
    <>
      <LookupSelect
        path="tire-types"
        name="tire_type_id"
        label="Tire Type"
        required
        value={values.tire_type_id ?? ''}
        placeholder="Select a tire type"
        empty="No tire types yet"
        errors={errors.tire_type_id}
        onChange={(value) => setField('tire_type_id', value)}
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
        name="fuel_rating"
        label="Fuel Rating"
        value={values.fuel_rating ?? ''}
        options={ratingOptions}
        placeholder="Not rated"
        errors={errors.fuel_rating}
        onChange={(value) => setField('fuel_rating', value)}
      />
      <SelectField
        name="water_rating"
        label="Wet Grip"
        value={values.water_rating ?? ''}
        options={ratingOptions}
        placeholder="Not rated"
        errors={errors.water_rating}
        onChange={(value) => setField('water_rating', value)}
      />
    </>
  );
}

function PricingFields({ form, editing }: { form: TireFormState; editing: boolean }) {
  const { values, errors, setField } = form;
  const money = { step: '0.01', min: '0', inputMode: 'decimal' as const, placeholder: '0.00' };

  return (
    <>
      <Field
        name="cost_price"
        label="Cost Price"
        type="number"
        required
        value={values.cost_price ?? ''}
        inputProps={money}
        errors={errors.cost_price}
        onChange={(value) => setField('cost_price', value)}
      />
      <Field
        name="selling_price"
        label="Selling Price"
        type="number"
        required
        value={values.selling_price ?? ''}
        inputProps={money}
        errors={errors.selling_price}
        onChange={(value) => setField('selling_price', value)}
      />
      <LookupSelect
        path="locations"
        name="location_id"
        label="Location"
        required
        value={values.location_id ?? ''}
        placeholder="Select a location"
        empty="No locations yet"
        hint={editing ? 'A change of quantity is recorded as a count correction here.' : 'Where the opening stock is kept.'}
        errors={errors.location_id}
        onChange={(value) => setField('location_id', value)}
      />
      <Field
        name="quantity"
        label={editing ? 'Quantity (all branches)' : 'Quantity'}
        type="number"
        required
        value={values.quantity ?? ''}
        inputProps={{ step: '1', min: '0', inputMode: 'numeric' }}
        errors={errors.quantity}
        onChange={(value) => setField('quantity', value)}
      />
      <CheckboxField
        name="active"
        label="Active"
        checked={isOn(values.active)}
        hint="Inactive tires are not offered on new documents."
        onChange={(checked) => setField('active', checked ? '1' : '0')}
      />
      <Field
        name="notes"
        label="Notes"
        multiline
        wide
        value={values.notes ?? ''}
        errors={errors.notes}
        onChange={(value) => setField('notes', value)}
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
