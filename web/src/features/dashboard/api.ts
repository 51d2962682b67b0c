import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type ActivityType = 'Invoice' | 'Sale' | 'Purchase' | 'Receipt';

export interface Dashboard {
  revenue: { this_month: number; last_month: number; change_percent: number | null };
  /** Owed by customers now. */
  receivable: number;
  /** Owed to suppliers now. */
  payable: number;
  customers: number;
  products: number;
  stock_units: number;
  monthly_sales: { period: string; revenue: number; count: number }[];
  recent_activity: { type: ActivityType; id: number; number: string | null; date: string; party: string | null; amount: number; status: string; created_at: string }[];
  inventory_status: { in_stock: number; low: number; out: number };
  top_products: { product_id: number; product_name: string; product_type: 'tire' | 'battery' | 'wiper' | 'service'; quantity: number; revenue: number }[];
  low_stock_count: number;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (locationId: string) => [...dashboardKeys.all, locationId] as const,
};

/** Every figure of the dashboard in one request (GET /api/dashboard), for one branch or all. */
export const dashboardQuery = (locationId: string) =>
  queryOptions({
    queryKey: dashboardKeys.figures(locationId),
    // Money owed and sold changes with every document: read it afresh each time the screen opens.
    staleTime: 0,
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', { params: { location_id: locationId }, signal }),
  });
