import { z } from 'zod';
import { optionalDate, requiredId } from './common.ts';

/** How a report's series groups its days: each period is the date its bucket starts (weeks from Monday). */
export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest range a report covers. */
export const MAX_REPORT_YEARS = 3;

export const DATE_ORDER_MESSAGE = 'To date must be on or after From date';
export const DATE_RANGE_MESSAGE = `The date range can be at most ${MAX_REPORT_YEARS} years`;

const page = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .default(fallback),
  );

/** A filter naming a record: empty means not given; anything but a positive whole number is a 422. */
const filterId = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    requiredId(`${label} must be a valid choice`)
      .pipe(z.number().max(Number.MAX_SAFE_INTEGER, `${label} must be a valid choice`))
      .optional(),
  );

const group = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(REPORT_GROUPS, { error: 'Group must be day, week or month' }).optional(),
);

/** Text typed into a report filter: trimmed, bounded, without NUL. */
const filterText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain invalid characters`)
    .optional();

const dateRange = {
  dateFrom: optionalDate('From date'),
  dateTo: optionalDate('To date'),
};

/** The date `years` before `date` ('YYYY-MM-DD'), 28 February for 29 February, as PostgreSQL counts it. */
function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const shifted = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  shifted.setUTCFullYear(y - years, m - 1, d);
  if (shifted.getUTCMonth() !== m - 1) shifted.setUTCDate(0);
  return `${String(shifted.getUTCFullYear()).padStart(4, '0')}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}-${String(shifted.getUTCDate()).padStart(2, '0')}`;
}

/** When both dates are given, From is not after To and the range is at most 3 years (the database checks defaulted ones). */
function checkDates(value: { dateFrom: string | null; dateTo: string | null }, context: z.RefinementCtx) {
  const { dateFrom, dateTo } = value;
  if (!dateFrom || !dateTo) return;
  if (dateFrom > dateTo) context.addIssue({ code: 'custom', path: ['dateTo'], message: DATE_ORDER_MESSAGE });
  else if (dateFrom < yearsBefore(dateTo, MAX_REPORT_YEARS)) context.addIssue({ code: 'custom', path: ['dateFrom'], message: DATE_RANGE_MESSAGE });
}

/** GET /api/reports/inventory-summary and GET /api/dashboard. */
export const locationQuery = z.object({ location_id: filterId('Location') });

/** GET /api/reports/sales */
export const salesReportQuery = z.object({ ...dateRange, group, location_id: filterId('Location') }).superRefine(checkDates);
export type SalesReportQuery = z.input<typeof salesReportQuery>;

/** GET /api/reports/purchases */
export const purchasesReportQuery = z
  .object({ ...dateRange, group, location_id: filterId('Location'), supplier_id: filterId('Supplier') })
  .superRefine(checkDates);
export type PurchasesReportQuery = z.input<typeof purchasesReportQuery>;

/** GET /api/reports/tire-sales (the recall list): a page of tire lines by DOT and brand. */
export const tireSalesQuery = z
  .object({
    ...dateRange,
    dot: filterText('DOT', 20),
    tire_brand_id: filterId('Brand'),
    page: page('Page', 1, 1_000_000, 1),
    per_page: page('Per page', 1, 100, 20),
  })
  .superRefine(checkDates);
export type TireSalesQuery = z.input<typeof tireSalesQuery>;

/** GET /api/reports/customer-balance and supplier-balance. */
export const balanceReportQuery = z.object({
  as_of: optionalDate('As of date'),
  search: filterText('Search', 200),
  page: page('Page', 1, 1_000_000, 1),
  per_page: page('Per page', 1, 100, 20),
});
export type BalanceReportQuery = z.input<typeof balanceReportQuery>;

/** GET /api/reports/customer-balance/{id} and supplier-balance/{id}: the statement. */
export const statementQuery = z.object({ as_of: optionalDate('As of date') });
