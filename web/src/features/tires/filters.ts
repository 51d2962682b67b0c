import { useCallback } from 'react';
import { withFilter, useAddress } from '../../shared/hooks/useListSearch';

/** The list's filters, as GET /api/tires names them; they live in the address so reload and back keep them. */
export const FILTER_NAMES = [
  'search',
  'tire_brand_id',
  'tire_type',
  'construction_type',
  'run_flat',
  'fuel_rating',
  'water_rating',
  'price_min',
  'price_max',
  'in_stock',
  'stock_status',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type TireFilters = Partial<Record<FilterName, string>>;

export function readFilters(params: URLSearchParams): TireFilters {
  const filters: TireFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** Filters other than the search box, which has its own control. */
export function countPanelFilters(filters: TireFilters): number {
  return Object.keys(filters).filter((name) => name !== 'search').length;
}

export function useTireFilters() {
  const [params, setParams] = useAddress();
  const filters = readFilters(params);

  const setFilter = useCallback(
    (name: FilterName, value: string) =>
      setParams((current) => withFilter(current, name, value)),
    [setParams],
  );

  const clearFilters = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of FILTER_NAMES) if (name !== 'search') next.delete(name);
      next.delete('page');
      return next;
    });

  return { filters, filterKey: JSON.stringify(filters), setFilter, clearFilters };
}
