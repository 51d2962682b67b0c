import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import type { TaxRate } from '@schemas/tax';
import { api } from './client';

export const taxRateKeys = { all: ['tax-rates'] as const };

/** The shop's tax rates, the default first (GET /api/tax-rates). */
export const taxRatesQuery = queryOptions({
  queryKey: taxRateKeys.all,
  queryFn: ({ signal }) => api.get<Page<TaxRate>>('/tax-rates', { params: { per_page: 100 }, signal }).then((page) => page.data),
  staleTime: 5 * 60_000,
});
