import { z } from 'zod';
import { LIMITS, optionalDate, requiredId } from './common.ts';
import { amount, date, id, named, page as pageOf, timestamp } from './answers.ts';
import { PRODUCT_KINDS } from './stock.ts';
import { PAYMENT_METHODS, PURCHASABLE_TYPES } from './documents.ts';

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

export const DOT_WEEK_MESSAGE = (label: string) => `${label} must be a week and year as on the tire, e.g. 2319 for week 23 of 2019`;
export const DOT_ORDER_MESSAGE = 'DOT to must be the same week as DOT from or later';

/** A DOT date code, week then year ('2319', '23/19'): given as its four digits, 'WWYY'. */
const dotWeek = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s/]/g, '') || undefined : value),
    z
      .string({ error: DOT_WEEK_MESSAGE(label) })
      .regex(/^(0[1-9]|[1-4][0-9]|5[0-3])[0-9]{2}$/, DOT_WEEK_MESSAGE(label))
      .optional(),
  );

/** 'WWYY' as a number that grows with time: '2319' → 1923. */
const dotOrder = (code: string) => Number(code.slice(2)) * 100 + Number(code.slice(0, 2));

/** GET /api/reports/tire-sales (the recall list): a page of tire lines by DOT, DOT weeks and brand. */
export const tireSalesQuery = z
  .object({
    ...dateRange,
    dot: filterText('DOT', 20),
    dot_from: dotWeek('DOT from'),
    dot_to: dotWeek('DOT to'),
    tire_brand_id: filterId('Brand'),
    page: page('Page', 1, LIMITS.listRows, 1),
    per_page: page('Per page', 1, 100, 20),
  })
  .superRefine(checkDates)
  .superRefine(({ dot_from, dot_to }, context) => {
    if (dot_from && dot_to && dotOrder(dot_from) > dotOrder(dot_to)) context.addIssue({ code: 'custom', path: ['dot_to'], message: DOT_ORDER_MESSAGE });
  });
export type TireSalesQuery = z.input<typeof tireSalesQuery>;

/** GET /api/reports/customer-balance and supplier-balance. */
export const balanceReportQuery = z.object({
  as_of: optionalDate('As of date'),
  search: filterText('Search', 200),
  page: page('Page', 1, LIMITS.listRows, 1),
  per_page: page('Per page', 1, 100, 20),
});
export type BalanceReportQuery = z.input<typeof balanceReportQuery>;

/** GET /api/reports/customer-balance/{id} and supplier-balance/{id}: the statement. */
export const statementQuery = z.object({ as_of: optionalDate('As of date') });

// ---- Answers ----

/** What a product is, as sales and purchase lines name it. */
const productKind = z.enum(PRODUCT_KINDS);
const count = z.number().int();
const period = { period: date };

/** The 10 (dashboard: 5) best-selling products of a range. */
const topSold = z.object({
  product_id: id,
  product_name: z.string(),
  product_type: productKind,
  quantity: count,
  revenue: amount,
  cost: amount,
  gross_profit: amount,
});

const periodFilters = { dateFrom: date, dateTo: date, group: z.enum(REPORT_GROUPS), location_id: id.nullable() };
const salesFigures = { revenue: amount, cost: amount, gross_profit: amount };

/** GET /api/reports/sales */
export const salesReport = z
  .object({
    filters: z.object(periodFilters),
    totals: z.object({
      ...salesFigures,
      /** Gross profit as a percentage of revenue, one decimal; null without revenue. */
      margin_percent: z.number().nullable(),
      tax: amount,
      discount: amount,
      paid: amount,
      outstanding: amount,
      count,
    }),
    series: z.array(z.object({ ...period, ...salesFigures, count })),
    by_product_type: z.array(z.object({ product_type: productKind, quantity: count, ...salesFigures })),
    by_location: z.array(z.object({ location: named, ...salesFigures, count })),
    by_payment_method: z.array(
      z.object({ payment_method: z.enum(PAYMENT_METHODS), amount, count }),
    ),
    top_by_revenue: z.array(topSold),
    top_by_profit: z.array(topSold),
    /** Quotes issued in the period: those sent (or converted without being sent), those converted, and converted / sent. */
    quotes: z.object({ sent: count, converted: count, conversion_percent: z.number().nullable() }),
  })
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof salesReport>;

const purchaseFigures = { ordered: amount, received: amount, outstanding: amount, paid: amount, balance: amount, count };

/** GET /api/reports/purchases */
export const purchasesReport = z
  .object({
    filters: z.object({ ...periodFilters, supplier_id: id.nullable() }),
    totals: z.object(purchaseFigures),
    series: z.array(z.object({ ...period, ordered: amount, received: amount, count })),
    by_supplier: z.array(z.object({ supplier: named, ...purchaseFigures })),
    top_products: z.array(
      z.object({ product_id: id, product_name: z.string(), product_type: productKind, quantity: count, amount }),
    ),
    /** Pending or ordered purchase orders past their expected delivery, soonest expected first (at most 50). */
    overdue_orders: z.array(
      z.object({
        id,
        number: z.string(),
        supplier: named,
        purchase_date: date,
        expected_delivery_date: date,
        days_late: count,
        net_amount: amount,
        status: z.enum(['pending', 'ordered']),
      }),
    ),
  })
  .meta({ id: 'PurchasesReport' });
export type PurchasesReport = z.infer<typeof purchasesReport>;

/** GET /api/reports/tire-sales: a page of tire lines of sent invoices and completed sales, newest first. */
export const tireSalesReport = pageOf(
  z.object({
    dot: z.string().nullable(),
    brand: z.string().nullable(),
    pattern: z.string().nullable(),
    size: z.string().nullable(),
    product_id: id,
    product_name: z.string(),
    quantity: count,
    date,
    document_type: z.enum(['Invoice', 'Sale']),
    document_id: id,
    document_number: z.string(),
    /** How many of the line came back on credit notes. */
    returned: count,
    /** Who bought it; `contact_recorded` is false when there is no phone number to reach them on (a walk-in sale). */
    customer: z.object({ id, name: z.string(), phone: z.string(), contact_recorded: z.boolean() }),
    /** The vehicle it was fitted to, when the sale named one. */
    vehicle: z.object({ id, plate: z.string(), make: z.string().nullable(), model: z.string().nullable(), year: z.number().int().nullable() }).nullable(),
  }),
  {
    filters: z.object({
      dot: z.string().nullable(),
      dot_from: z.string().nullable(),
      dot_to: z.string().nullable(),
      tire_brand_id: id.nullable(),
      dateFrom: date,
      dateTo: date,
    }),
  },
).meta({ id: 'TireSalesReport' });
export type TireSalesReport = z.infer<typeof tireSalesReport>;

/** What is owed, by how many days past its due date it is at the report's date. */
const ageing = { current: amount, days_1_30: amount, days_31_60: amount, days_61_90: amount, days_over_90: amount };
const balanceFigures = { billed: amount, paid: amount, balance: amount, ...ageing };

const balanceRow = { name: z.string(), phone: z.string(), ...balanceFigures };

/** What a balance holds: billed, paid, the balance and its ageing (a statement's and the balance reports' totals). */
export type BalanceFigures = { [K in keyof typeof balanceFigures]: z.infer<(typeof balanceFigures)[K]> };
/** What is owed, by how many days past its due date it is. */
export type Ageing = Pick<BalanceFigures, keyof typeof ageing>;

/** GET /api/reports/customer-balance: the customers with a balance at `as_of`, largest first. */
export const customerBalanceReport = pageOf(z.object({ customer_id: id, ...balanceRow }), {
  as_of: date,
  totals: z.object({ ...balanceFigures, customers: count }),
}).meta({ id: 'CustomerBalanceReport' });
export type CustomerBalanceReport = z.infer<typeof customerBalanceReport>;

/** GET /api/reports/supplier-balance: the suppliers owed at `as_of`, largest first. */
export const supplierBalanceReport = pageOf(z.object({ supplier_id: id, ...balanceRow }), {
  as_of: date,
  totals: z.object({ ...balanceFigures, suppliers: count }),
}).meta({ id: 'SupplierBalanceReport' });
export type SupplierBalanceReport = z.infer<typeof supplierBalanceReport>;

const statementParty = { id, name: z.string(), phone: z.string(), email: z.string().nullable(), address: z.string() };
const statementFigures = {
  as_of: date,
  /** The party's documents with a balance at `as_of`, oldest first. */
  documents: z.array(
    z.object({
      type: z.enum(['Invoice', 'Sale', 'Purchase']),
      id,
      number: z.string(),
      date,
      due_date: date,
      net_amount: amount,
      paid: amount,
      balance: amount,
      days_overdue: count,
    }),
  ),
  totals: z.object(balanceFigures),
};

/** GET /api/reports/customer-balance/{id}: a customer's statement. */
export const customerStatement = z
  .object({
    /** With the store credit the customer holds: given back on returns, not yet spent. */
    customer: z.object({ ...statementParty, store_credit: amount }),
    ...statementFigures,
  })
  .meta({ id: 'CustomerStatement' });
export type CustomerStatement = z.infer<typeof customerStatement>;

/** GET /api/reports/supplier-balance/{id}: a supplier's statement. */
export const supplierStatement = z
  .object({ supplier: z.object({ ...statementParty, contact_person: z.string().nullable() }), ...statementFigures })
  .meta({ id: 'SupplierStatement' });
export type SupplierStatement = z.infer<typeof supplierStatement>;

const inventoryGroup = z.enum(['Tires', 'Batteries', 'Wipers']);
const stockFigures = {
  total_quantity: count,
  unique_products: count,
  cost_value: amount,
  retail_value: amount,
  /** On its way to the branch on shipped transfers: not on the shelf, still the shop's. */
  in_transit_quantity: count,
  /** Those units at the product's cost (its average cost) and at its selling price. */
  in_transit_value: amount,
  in_transit_retail_value: amount,
};
const inventoryFigures = { product_type: inventoryGroup, ...stockFigures };

/** GET /api/reports/inventory-summary */
export const inventorySummary = z
  .object({
    /** Each branch's stock of tires, batteries and wipers. */
    summary: z.array(z.object({ ...inventoryFigures, location: named })),
    totals: z.array(z.object(inventoryFigures)),
    /** Each branch's stock of shop supplies (the inventory items), a section of its own. */
    supplies: z.array(z.object({ ...stockFigures, location: named })),
    supplies_total: z.object(stockFigures),
    /** Tires, batteries, wipers and shop supplies: the dashboard's stock units and value. */
    grand_total: z.object(stockFigures),
    /** Low stock: a product's stock at a branch at or below its low-stock level (0 is out of stock), lowest first (at most 100 of `low_stock_total`, which is the dashboard's `low_stock_count`). */
    low_stock_items: z.array(
      z.object({
        /** The product's id: a product low at two branches is listed twice. */
        id,
        quantity: count,
        threshold: count,
        location: named,
        inventoryable: z.object({
          id,
          name: z.string(),
          battery_name: z.string().nullable(),
          size: z.string().nullable(),
          type: z.enum(PURCHASABLE_TYPES),
        }),
      }),
    ),
    low_stock_total: count,
  })
  .meta({ id: 'InventorySummary' });
export type InventorySummary = z.infer<typeof inventorySummary>;

/** GET /api/dashboard */
export const dashboard = z
  .object({
    revenue: z.object({ this_month: amount, last_month: amount, change_percent: z.number().nullable() }),
    /** Owed by customers now. */
    receivable: amount,
    /** Owed to suppliers now. */
    payable: amount,
    customers: count,
    products: count,
    /** Units in stock, services aside: the inventory report's grand total. */
    stock_units: count,
    /** What those units and the units in transit between branches are worth at cost and at selling price. */
    stock_value: z.object({ cost: amount, retail: amount }),
    /** The last 12 months, this one included. */
    monthly_sales: z.array(z.object({ ...period, revenue: amount, count })),
    /** The 10 documents and receipts made last. */
    recent_activity: z.array(
      z.object({
        type: z.enum(['Invoice', 'Sale', 'Purchase', 'Receipt']),
        id,
        number: z.string().nullable(),
        date,
        party: z.string().nullable(),
        amount,
        /** The document's status now (an invoice's as its list shows it), or the receipt's type. */
        status: z.enum(['draft', 'sent', 'paid', 'partial', 'overdue', 'pending', 'completed', 'ordered', 'received', 'cancelled', 'income', 'expense', 'refund']),
        created_at: timestamp,
      }),
    ),
    /** Stock rows (a product at a branch) in stock, low and out; low and out make `low_stock_count`. */
    inventory_status: z.object({ in_stock: count, low: count, out: count }),
    /** The 5 best sellers of the last 30 days. */
    top_products: z.array(topSold),
    low_stock_count: count,
    location_id: id.nullable(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;
