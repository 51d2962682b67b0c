import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Customer, customerInput } from '@schemas/customers';
import type { CustomerSummary } from '@schemas/party-summary';
import { api } from '../../shared/api/client';
import { pagedResource } from '../../shared/api/resource';

export const customerQueries = pagedResource<Customer, z.output<typeof customerInput>>('customers');
export const customerKeys = customerQueries.keys;

/** The customer's balance, what is overdue, and the latest invoices, sales and payments: read afresh each time the page opens. */
export const customerSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: [...customerKeys.detail(id), 'summary'] as const,
    queryFn: ({ signal }) => api.get<CustomerSummary>(`/customers/${id}/summary`, { signal }),
    staleTime: 0,
  });
