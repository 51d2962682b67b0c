import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SupplierSummary } from '@schemas/party-summary';
import type { Supplier, supplierInput } from '@schemas/suppliers';
import { api } from '../../shared/api/client';
import { pagedResource } from '../../shared/api/resource';

export const supplierQueries = pagedResource<Supplier, z.output<typeof supplierInput>>('suppliers');
export const supplierKeys = supplierQueries.keys;

/** What the shop owes the supplier, what is overdue, and the latest purchase orders and payments: read afresh each time the page opens. */
export const supplierSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: [...supplierKeys.detail(id), 'summary'] as const,
    queryFn: ({ signal }) => api.get<SupplierSummary>(`/suppliers/${id}/summary`, { signal }),
    staleTime: 0,
  });
