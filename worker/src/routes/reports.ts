import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { pgErrorCode } from '../db/port.ts';
import { HttpError } from '../http/errors.ts';
import { parse, parseId } from '../http/validate.ts';
import { offsetOf } from '../http/paging.ts';
import { describe } from '../http/openapi.ts';
import {
  balanceReportQuery,
  customerBalanceReport,
  customerStatement,
  inventorySummary,
  locationQuery,
  purchasesReport,
  purchasesReportQuery,
  salesReport,
  salesReportQuery,
  statementQuery,
  supplierBalanceReport,
  supplierStatement,
  tireSalesQuery,
  tireSalesReport,
} from '../schemas/reports.ts';

type Report = Record<string, unknown> | null;

/**
 * Runs a report function and answers its JSON, or the answer it gave while nothing has been written
 * since (http/kept-answers.ts). A parameter it refuses (a date range checked after its defaults)
 * comes back as WH422 naming the field in HINT: a 422 on that field.
 */
export function runReport(c: Context<AppEnv>, sql: string, params: unknown[]): Promise<Report> {
  const db = c.get('db');
  return c.get('answers')(db, `${sql} ${JSON.stringify(params)}`, async () => {
    try {
      const [row] = await db.query<{ report: Report }>(sql, params);
      return row.report;
    } catch (error) {
      if (pgErrorCode(error) === 'WH422') {
        const message = (error as Error).message;
        throw new HttpError(422, message, { [(error as { hint?: string }).hint || '_']: [message] });
      }
      throw error;
    }
  });
}

/** `{data, ...}` of a page with the house paging beside it (`current_page`, `last_page`, `per_page`, `total`). */
function paged(report: Report, page: number, perPage: number) {
  const { total, ...rest } = report as { total: number };
  return { ...rest, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

export const reportRoutes = new Hono<AppEnv>();

const tag = 'Reports';

reportRoutes.get(
  '/inventory-summary',
  describe({ tag, summary: 'Stock by branch and kind, and what is low', query: locationQuery, ok: inventorySummary }),
  async (c) => {
    const query = parse(locationQuery, c.req.query());
    return c.json(await runReport(c, 'select public.report_inventory_summary($1) as report', [query.location_id ?? null]));
  },
);

/** The sales report with the quotes of its period beside it: how many were sent and how many became sales. */
const SALES_WITH_QUOTES = `
  select r.report || jsonb_build_object('quotes', (
           select jsonb_build_object(
                    'sent', count(*) filter (where q.status <> 'draft'),
                    'converted', count(*) filter (where q.status = 'converted'),
                    'conversion_percent', round(100.0 * count(*) filter (where q.status = 'converted') / nullif(count(*) filter (where q.status <> 'draft'), 0), 1))
             from public.quotes q
            where q.issued_date between (r.report #>> '{filters,dateFrom}')::date and (r.report #>> '{filters,dateTo}')::date
              and ($4::bigint is null or q.location_id = $4))) as report
    from (select public.report_sales($1, $2, $3, $4) as report) r`;

reportRoutes.get('/sales', describe({ tag, summary: 'Sales over a period', query: salesReportQuery, ok: salesReport }), async (c) => {
  const query = parse(salesReportQuery, c.req.query());
  return c.json(await runReport(c, SALES_WITH_QUOTES, [query.dateFrom, query.dateTo, query.group ?? null, query.location_id ?? null]));
});

reportRoutes.get(
  '/tire-sales',
  describe({ tag, summary: 'Tires sold, by DOT, DOT weeks and brand (the recall list)', query: tireSalesQuery, ok: tireSalesReport }),
  async (c) => {
    const query = parse(tireSalesQuery, c.req.query());
    const report = await runReport(c, 'select public.report_tire_sales($1, $2, $3, $4, $5, $6, $7, $8) as report', [
      query.dot ?? null,
      query.tire_brand_id ?? null,
      query.dateFrom,
      query.dateTo,
      query.per_page,
      offsetOf(query),
      query.dot_from ?? null,
      query.dot_to ?? null,
    ]);
    return c.json(paged(report, query.page, query.per_page));
  },
);

reportRoutes.get(
  '/purchases',
  describe({ tag, summary: 'Purchases over a period', query: purchasesReportQuery, ok: purchasesReport }),
  async (c) => {
    const query = parse(purchasesReportQuery, c.req.query());
    return c.json(
      await runReport(c, 'select public.report_purchases($1, $2, $3, $4, $5) as report', [
        query.dateFrom,
        query.dateTo,
        query.group ?? null,
        query.location_id ?? null,
        query.supplier_id ?? null,
      ]),
    );
  },
);

const parties = {
  customer: {
    notFound: 'Customer not found',
    summary: 'What customers owe, by age',
    balances: customerBalanceReport,
    statement: customerStatement,
  },
  supplier: {
    notFound: 'Supplier not found',
    summary: 'What is owed to suppliers, by age',
    balances: supplierBalanceReport,
    statement: supplierStatement,
  },
};

for (const party of ['customer', 'supplier'] as const) {
  const { notFound, summary, balances, statement } = parties[party];

  reportRoutes.get(`/${party}-balance`, describe({ tag, summary, query: balanceReportQuery, ok: balances }), async (c) => {
    const query = parse(balanceReportQuery, c.req.query());
    const report = await runReport(c, 'select public.report_balances($1, $2, $3, $4, $5) as report', [
      party,
      query.as_of,
      query.search ?? null,
      query.per_page,
      offsetOf(query),
    ]);
    return c.json(paged(report, query.page, query.per_page));
  });

  reportRoutes.get(
    `/${party}-balance/:id`,
    describe({ tag, summary: `A ${party}'s statement: open documents by age`, query: statementQuery, ok: statement }),
    async (c) => {
      const id = parseId(c.req.param('id'), notFound);
      const query = parse(statementQuery, c.req.query());
      const answer = await runReport(c, 'select public.report_statement($1, $2, $3) as report', [party, id, query.as_of]);
      if (!answer) throw new HttpError(404, notFound);
      return c.json(answer);
    },
  );
}
