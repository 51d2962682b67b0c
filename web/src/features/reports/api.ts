import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@schemas/paging';
import { api, type QueryParams } from '../../shared/api/client';
import type { PeriodGroup } from '../../shared/charts/format';

export type { PeriodGroup };

export interface Named {
  id: number;
  name: string;
}

export type InventoryGroup = 'Tires' | 'Batteries' | 'Wipers';
export type ProductType = 'tire' | 'battery' | 'wiper' | 'service' | 'item';

export interface InventoryFigures {
  product_type: InventoryGroup;
  total_quantity: number;
  unique_products: number;
  cost_value: number;
  retail_value: number;
}

export interface LowStockItem {
  /** The product's id: a product low at two branches is listed twice. */
  id: number;
  quantity: number;
  threshold: number;
  location: Named;
  inventoryable: { id: number; name: string | null; battery_name: string | null; size: string | null; type: 'tire' | 'battery' | 'wiper' | 'item' };
}

export interface InventorySummary {
  summary: (InventoryFigures & { location: Named })[];
  totals: InventoryFigures[];
  low_stock_items: LowStockItem[];
  low_stock_total: number;
}

export interface PeriodFilters {
  dateFrom: string;
  dateTo: string;
  group: PeriodGroup;
  location_id: number | null;
}

export interface SalesFigures {
  revenue: number;
  cost: number;
  gross_profit: number;
}

export interface TopProduct extends SalesFigures {
  product_id: number;
  product_name: string;
  product_type: ProductType;
  quantity: number;
}

export interface SalesReport {
  filters: PeriodFilters;
  totals: SalesFigures & { margin_percent: number | null; tax: number; discount: number; paid: number; outstanding: number; count: number };
  series: (SalesFigures & { period: string; count: number })[];
  by_product_type: (SalesFigures & { product_type: ProductType; quantity: number })[];
  by_location: (SalesFigures & { location: Named; count: number })[];
  by_payment_method: { payment_method: string; amount: number; count: number }[];
  top_by_revenue: TopProduct[];
  top_by_profit: TopProduct[];
}

export interface TireSale {
  dot: string | null;
  brand: string | null;
  size: string | null;
  product_id: number;
  product_name: string;
  quantity: number;
  date: string;
  document_type: 'Invoice' | 'Sale';
  document_id: number;
  document_number: string | null;
  customer: { id: number; name: string; phone: string | null } | null;
}

export type TireSales = Page<TireSale> & { filters: { dot: string | null; tire_brand_id: number | null; dateFrom: string; dateTo: string } };

export interface PurchaseFigures {
  ordered: number;
  received: number;
  outstanding: number;
  paid: number;
  balance: number;
  count: number;
}

export interface PurchasesReport {
  filters: PeriodFilters & { supplier_id: number | null };
  totals: PurchaseFigures;
  series: { period: string; ordered: number; received: number; count: number }[];
  by_supplier: (PurchaseFigures & { supplier: Named })[];
  top_products: { product_id: number; product_name: string; product_type: ProductType; quantity: number; amount: number }[];
  overdue_orders: {
    id: number;
    number: string | null;
    supplier: Named;
    purchase_date: string;
    expected_delivery_date: string;
    days_late: number;
    net_amount: number;
    status: string;
  }[];
}

export interface Ageing {
  current: number;
  days_1_30: number;
  days_31_60: number;
  days_61_90: number;
  days_over_90: number;
}

export interface BalanceFigures extends Ageing {
  billed: number;
  paid: number;
  balance: number;
}

/** One party's line of the customer or supplier balance report. */
export interface BalanceRow extends BalanceFigures {
  id: number;
  name: string;
  phone: string | null;
}

export interface BalanceReport {
  as_of: string;
  rows: BalanceRow[];
  totals: BalanceFigures & { parties: number };
  current_page: number;
  last_page: number;
  total: number;
}

export interface StatementDocument {
  type: 'Invoice' | 'Sale' | 'Purchase';
  id: number;
  number: string | null;
  date: string;
  due_date: string;
  net_amount: number;
  paid: number;
  balance: number;
  days_overdue: number;
}

export interface Statement {
  as_of: string;
  party: { id: number; name: string; phone: string | null; email: string | null; address: string | null };
  documents: StatementDocument[];
  totals: BalanceFigures;
}

/** Whose balances: what customers owe the shop, or what the shop owes suppliers. */
export type PartySide = 'customer' | 'supplier';

/** The house paging, at the top of the answer or under `meta`. */
interface PagingMeta {
  current_page: number;
  last_page: number;
  total: number;
}

type BalanceAnswer = { as_of: string; data: (BalanceFigures & Record<string, unknown>)[]; totals: BalanceFigures & Record<string, number> } & (
  | PagingMeta
  | { meta: PagingMeta }
);

function pagingOf(answer: PagingMeta | { meta: PagingMeta }): PagingMeta {
  const { current_page, last_page, total } = 'meta' in answer ? answer.meta : answer;
  return { current_page, last_page, total };
}

/** Figures change with every document: a report reads them afresh each time it opens. */
const fresh = { staleTime: 0 };

export const reportKeys = {
  all: ['reports'] as const,
  inventory: (locationId: string) => [...reportKeys.all, 'inventory', locationId] as const,
  sales: (params: QueryParams) => [...reportKeys.all, 'sales', params] as const,
  tireSales: (params: QueryParams) => [...reportKeys.all, 'tire-sales', params] as const,
  purchases: (params: QueryParams) => [...reportKeys.all, 'purchases', params] as const,
  balance: (side: PartySide, params: QueryParams) => [...reportKeys.all, `${side}-balance`, params] as const,
  statement: (side: PartySide, id: string, asOf: string) => [...reportKeys.all, `${side}-balance`, 'statement', id, asOf] as const,
};

export const inventoryReportQuery = (locationId: string) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.inventory(locationId),
    queryFn: ({ signal }) => api.get<InventorySummary>('/reports/inventory-summary', { params: { location_id: locationId }, signal }),
  });

export const salesReportQuery = (params: { dateFrom: string; dateTo: string; group: string; location_id: string }) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.sales(params),
    queryFn: ({ signal }) => api.get<SalesReport>('/reports/sales', { params, signal }),
  });

export const tireSalesQuery = (params: { dot: string; tire_brand_id: string; dateFrom: string; dateTo: string; page: number }) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.tireSales(params),
    queryFn: ({ signal }) => api.get<TireSales>('/reports/tire-sales', { params: { ...params, per_page: 25 }, signal }),
  });

export const purchasesReportQuery = (params: { dateFrom: string; dateTo: string; group: string; location_id: string; supplier_id: string }) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.purchases(params),
    queryFn: ({ signal }) => api.get<PurchasesReport>('/reports/purchases', { params, signal }),
  });

export const BALANCE_PAGE_SIZE = 50;

export const balanceReportQuery = (side: PartySide, params: { as_of: string; search: string; page: number }) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.balance(side, params),
    queryFn: async ({ signal }): Promise<BalanceReport> => {
      const answer = await api.get<BalanceAnswer>(`/reports/${side}-balance`, { params: { ...params, per_page: BALANCE_PAGE_SIZE }, signal, raw: true });
      const { customers, suppliers, ...totals } = answer.totals;
      return {
        as_of: answer.as_of,
        rows: answer.data.map(({ customer_id, supplier_id, ...row }) => ({ ...(row as Omit<BalanceRow, 'id'>), id: Number(customer_id ?? supplier_id) })),
        totals: { ...totals, parties: Number(customers ?? suppliers ?? 0) },
        ...pagingOf(answer),
      };
    },
  });

export const statementQuery = (side: PartySide, id: string, asOf: string) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.statement(side, id, asOf),
    queryFn: async ({ signal }): Promise<Statement> => {
      const answer = await api.get<Omit<Statement, 'party'> & { customer?: Statement['party']; supplier?: Statement['party'] }>(
        `/reports/${side}-balance/${encodeURIComponent(id)}`,
        { params: { as_of: asOf }, signal, raw: true },
      );
      const { customer, supplier, ...rest } = answer;
      return { ...rest, party: (customer ?? supplier)! };
    },
  });
