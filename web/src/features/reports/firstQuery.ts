import { queryOptions } from '@tanstack/react-query';
import type { SalesReport } from '@schemas/reports';
import { api, type QueryParams } from '../../shared/api/client';
import { unlessJustAsked } from '../../shared/routes/justAsked';
import type { PartySide } from './api';

// The reports' keys and the sales report's query, which the app asks for with the page's code (./routes), apart from
// ./api, which only the pages load.

/** Figures change with every document: a report reads them afresh each time it opens. */
export const fresh = { staleTime: 0 };

export const reportKeys = {
  all: ['reports'] as const,
  inventory: (locationId: string) => [...reportKeys.all, 'inventory', locationId] as const,
  sales: (params: QueryParams) => [...reportKeys.all, 'sales', params] as const,
  tireSales: (params: QueryParams) => [...reportKeys.all, 'tire-sales', params] as const,
  purchases: (params: QueryParams) => [...reportKeys.all, 'purchases', params] as const,
  balance: (side: PartySide, params: QueryParams) => [...reportKeys.all, `${side}-balance`, params] as const,
  statement: (side: PartySide, id: string, asOf: string) => [...reportKeys.all, `${side}-balance`, 'statement', id, asOf] as const,
};

/** Asked for as the app opens on the sales report (./routes), not again as the page mounts. */
export const salesReportQuery = (params: { dateFrom: string; dateTo: string; group: string; location_id: string }) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.sales(params),
    refetchOnMount: unlessJustAsked,
    queryFn: ({ signal }) => api.get<SalesReport>('/reports/sales', { params, signal }),
  });

