import { queryOptions } from '@tanstack/react-query';
import type { FeeRule } from '@schemas/fees';
import type { Page } from '@schemas/paging';
import { api } from './client';

export const feeRuleKeys = { all: ['fee-rules'] as const };

/** The shop's fees (GET /api/fee-rules). */
export const feeRulesQuery = queryOptions({
  queryKey: feeRuleKeys.all,
  queryFn: ({ signal }) => api.get<Page<FeeRule>>('/fee-rules', { params: { per_page: 100 }, signal }).then((page) => page.data),
  staleTime: 5 * 60_000,
});
