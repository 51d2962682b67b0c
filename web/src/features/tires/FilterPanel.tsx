import { useQuery } from '@tanstack/react-query';
import { CONSTRUCTION_TYPES, RATINGS, type Named } from '@schemas/tires';
import { Field } from '../../shared/forms/Field';
import { SelectField } from '../../shared/ui/SelectField';
import { useTypedFilter } from '../../shared/hooks/useDebounced';
import { lookupQueries } from './api';
import { type FilterName, type TireFilters } from './filters';
import { CONSTRUCTION_LABELS } from './form';
import { toOptions } from './TireFields';

interface FilterPanelProps {
  id: string;
  filters: TireFilters;
  tireTypes: Named[];
  setFilter: (name: FilterName, value: string) => void;
  clearFilters: () => void;
}

const ratings = RATINGS.map((value) => ({ value, label: value }));

function PriceFilter({ name, label, filters, setFilter }: { name: 'price_min' | 'price_max'; label: string } & Pick<FilterPanelProps, 'filters' | 'setFilter'>) {
  const [text, setText] = useTypedFilter(filters[name] ?? '', (value) => setFilter(name, value), 400);
  return (
    <Field
      name={name}
      label={label}
      type="number"
      value={text}
      inputProps={{ step: '0.01', min: '0', inputMode: 'decimal', placeholder: 'Any' }}
      onChange={setText}
    />
  );
}

/** The list's filters; every change goes to the address and reloads the list. */
export function FilterPanel({ id, filters, tireTypes, setFilter, clearFilters }: FilterPanelProps) {
  const brands = useQuery(lookupQueries.tireBrands);
  const select = (name: FilterName, label: string, options: { value: string; label: string }[]) => (
    <SelectField name={name} label={label} value={filters[name] ?? ''} options={options} placeholder="Any" onChange={(value) => setFilter(name, value)} />
  );

  return (
    <div id={id} className="filter-panel" role="group" aria-label="Filters">
      <div className="filter-grid">
        {select('tire_brand_id', 'Brand', toOptions(brands.data))}
        {select('tire_type', 'Tire Type', toOptions(tireTypes))}
        {select(
          'construction_type',
          'Construction Type',
          CONSTRUCTION_TYPES.map((value) => ({ value, label: CONSTRUCTION_LABELS[value] })),
        )}
        {select('run_flat', 'Run Flat', [
          { value: '1', label: 'Yes' },
          { value: '0', label: 'No' },
        ])}
        {select('fuel_rating', 'Fuel Rating', ratings)}
        {select('water_rating', 'Wet Grip', ratings)}
        <PriceFilter name="price_min" label="Price Min" filters={filters} setFilter={setFilter} />
        <PriceFilter name="price_max" label="Price Max" filters={filters} setFilter={setFilter} />
        {select('in_stock', 'In Stock', [
          { value: '1', label: 'In stock' },
          { value: '0', label: 'Out of stock' },
        ])}
        {select('stock_status', 'Stock Level', [
          { value: 'in', label: 'In Stock (10 or more)' },
          { value: 'low', label: 'Low Stock (1 to 9)' },
          { value: 'out', label: 'Out of Stock' },
        ])}
      </div>
      <div className="filter-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={clearFilters}>
          Clear Filters
        </button>
      </div>
    </div>
  );
}
