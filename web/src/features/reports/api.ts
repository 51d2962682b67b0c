import { queryOptions } from '@tanstack/react-query';
import type {
  BalanceFigures,
  CustomerBalanceReport,
  CustomerStatement,
  InventorySummary,
  PurchasesReport,
  SalesReport,
  SupplierBalanceReport,
  SupplierStatement,
  TireSalesReport,
} from '@schemas/reports';
import { api } from '../../shared/api/client';
import { fresh, reportKeys } from './firstQuery';
import type { PeriodGroup } from '../../shared/charts/format';

export type { PeriodGroup };
export { reportKeys, salesReportQuery } from './firstQuery';
export type { Ageing, BalanceFigures, InventorySummary, PurchasesReport, SalesReport } from '@schemas/reports';

/** What a product is, as sales and purchase lines name it. */
export type ProductType = SalesReport['by_product_type'][number]['product_type'];
export type InventoryFigures = InventorySummary['totals'][number];
export type LowStockItem = InventorySummary['low_stock_items'][number];
/** The dates, grouping and branch a report by period covers. */
export type PeriodFilters = SalesReport['filters'];
export type TopProduct = SalesReport['top_by_revenue'][number];
export type TireSale = TireSalesReport['data'][number];

type CustomerBalanceRow = CustomerBalanceReport['data'][number];

/** One party's line of the customer or supplier balance report, its id under one name. */
export type BalanceRow = Omit<CustomerBalanceRow, 'customer_id'> & { id: number };

/** The customer or supplier balance report, as the screen reads it. */
export interface BalanceReport {
  as_of: string;
  rows: BalanceRow[];
  totals: BalanceFigures & { parties: number };
  current_page: number;
  last_page: number;
  total: number;
}

export type StatementDocument = CustomerStatement['documents'][number];

/** A customer's or supplier's statement, the party under one name. */
export type Statement = Omit<CustomerStatement, 'customer'> & { party: CustomerStatement['customer'] | SupplierStatement['supplier'] };

/** Whose balances: what customers owe the shop, or what the shop owes suppliers. */
export type PartySide = 'customer' | 'supplier';

export const inventoryReportQuery = (locationId: string) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.inventory(locationId),
    queryFn: ({ signal }) => api.get<InventorySummary>('/reports/inventory-summary', { params: { location_id: locationId }, signal }),
  });

export const tireSalesQuery = (params: { dot: string; dot_from: string; dot_to: string; tire_brand_id: string; dateFrom: string; dateTo: string; page: number }) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.tireSales(params),
    queryFn: ({ signal }) => api.get<TireSalesReport>('/reports/tire-sales', { params: { ...params, per_page: 25 }, signal }),
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
      const path = `/reports/${side}-balance`;
      const options = { params: { ...params, per_page: BALANCE_PAGE_SIZE }, signal, raw: true };
      if (side === 'customer') {
        const { data, totals: { customers, ...totals }, as_of, current_page, last_page, total } = await api.get<CustomerBalanceReport>(path, options);
        return { as_of, rows: data.map(({ customer_id, ...row }) => ({ ...row, id: customer_id })), totals: { ...totals, parties: customers }, current_page, last_page, total };
      }
      const { data, totals: { suppliers, ...totals }, as_of, current_page, last_page, total } = await api.get<SupplierBalanceReport>(path, options);
      return { as_of, rows: data.map(({ supplier_id, ...row }) => ({ ...row, id: supplier_id })), totals: { ...totals, parties: suppliers }, current_page, last_page, total };
    },
  });

export const statementQuery = (side: PartySide, id: string, asOf: string) =>
  queryOptions({
    ...fresh,
    queryKey: reportKeys.statement(side, id, asOf),
    queryFn: async ({ signal }): Promise<Statement> => {
      const answer = await api.get<CustomerStatement | SupplierStatement>(`/reports/${side}-balance/${encodeURIComponent(id)}`, {
        params: { as_of: asOf },
        signal,
        raw: true,
      });
      if ('customer' in answer) {
        const { customer, ...rest } = answer;
        return { ...rest, party: customer };
      }
      const { supplier, ...rest } = answer;
      return { ...rest, party: supplier };
    },
  });
