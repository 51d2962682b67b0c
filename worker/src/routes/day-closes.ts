import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireStaffCondition } from '../auth/permissions.ts';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/port.ts';
import { named } from '../db/sql.ts';
import { HttpError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { listQuery, optionalFilter, pageOf } from '../http/paging.ts';
import { Where } from '../http/where.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { one, page } from '../schemas/answers.ts';
import { flag, optionalDate, requiredId } from '../schemas/common.ts';
import { toCsv } from '../schemas/csv.ts';
import {
  dayCloseInput,
  dayCloseListRow,
  dayClosePreviewRow,
  dayCloseRow,
  dayCloseTodayRow,
  overShortRow,
  previewQuery,
  reopenInput,
} from '../schemas/day-closes.ts';
import { documentRule, receiptColumns, receiptFrom } from './documents/shared.ts';

const NOT_FOUND = 'Day close not found';
const tag = 'Day closes';

const optionalFilterId = (label: string) => optionalFilter(requiredId(`${label} must be a valid choice`));

const dayClosesQuery = listQuery.extend({
  location_id: optionalFilterId('Location'),
  date_from: optionalDate('From date'),
  date_to: optionalDate('To date'),
  over_short: optionalFilter(flag('Over or short only')).describe('Only closes whose count did not match what was expected.'),
  status: optionalFilter(z.enum(['closed', 'reopened'], { error: 'Status must be closed or reopened' })),
});

const overShortQuery = z.object({
  location_id: optionalFilterId('Location'),
  date_from: optionalDate('From date'),
  date_to: optionalDate('To date'),
});

const columns = (location: string) => `c.id, c.number, ${location} as location, c.business_date as date, c.period_from, c.status, c.opening_float,
  c.expected_cash, c.counted_cash, c.cash_over_short, c.expected_total, c.counted_total, c.over_short, c.deposit, c.closing_float,
  c.receipts as receipt_count, c.notes, ${named('cu')} as closed_by, c.closed_at, ${named('ru')} as reopened_by, c.reopened_at,
  c.reopen_reason`;
const listColumns = columns(named('l'));
const listFrom = `from public.day_closes c
  join public.locations l on l.id = c.location_id
  left join public.users cu on cu.id = c.closed_by
  left join public.users ru on ru.id = c.reopened_by`;

async function showClose(db: Db, id: string | number) {
  const [row] = await db.query<Record<string, unknown> & { location_id: number; period_from: string; date: string }>(
    `select ${columns(`json_build_object('id', l.id, 'name', l.name, 'address', l.address)`)}, c.location_id,
            c.cash_by_denomination,
            (select json_agg(json_build_object('payment_method', m.payment_method, 'income', m.income, 'refunds', m.refunds,
                    'expenses', m.expenses, 'supplier_refunds', m.supplier_refunds, 'receipts', m.receipts, 'expected', m.expected,
                    'counted', m.counted, 'over_short', m.over_short) order by m.position)
               from public.day_close_methods m where m.day_close_id = c.id) as methods
       ${listFrom} where c.id = $1`,
    [id],
  );
  if (!row) throw new HttpError(404, NOT_FOUND);
  const receipts = await db.query(
    `select ${receiptColumns} ${receiptFrom}
      where r.location_id = $1 and r.receipt_date between $2 and $3 and r.payment_method <> 'store_credit'
      order by r.receipt_date, r.id`,
    [row.location_id, row.period_from, row.date],
  );
  const { location_id: _, ...close } = row;
  return { ...close, receipts };
}

/** Over and short by branch and month, newest month first. */
async function overShort(db: Db, query: z.output<typeof overShortQuery>) {
  const where = new Where()
    .add(`c.status = 'closed'`)
    .addIf(query.location_id, 'c.location_id = ?')
    .addIf(query.date_from, 'c.business_date >= ?')
    .addIf(query.date_to, 'c.business_date <= ?');
  return db.query<z.infer<typeof overShortRow>>(
    `select to_char(c.business_date, 'YYYY-MM') as month, ${named('l')} as location, count(*)::int as closes,
            coalesce(sum(c.over_short) filter (where c.over_short > 0), 0) as over,
            coalesce(sum(c.over_short) filter (where c.over_short < 0), 0) as short,
            sum(c.over_short) as over_short, sum(c.deposit) as deposits
       from public.day_closes c join public.locations l on l.id = c.location_id ${where.sql}
      group by 1, l.id, l.name order by 1 desc, l.name, l.id`,
    where.params,
  );
}

/** Staff close the day of their own branch; another branch's is an administrator's. */
function requireOwnBranch(c: Context<AppEnv>, locationId: number) {
  const user = c.get('user');
  requireStaffCondition(user, 'own branch', user.home_location_id === locationId);
}

export const dayCloseRoutes = new Hono<AppEnv>();

dayCloseRoutes.get(
  '/',
  describe({ tag, summary: 'List day closes', description: 'Newest day first; filters by branch, dates, status and over/short.', query: dayClosesQuery, ok: page(dayCloseListRow) }),
  async (c) => {
    const query = parse(dayClosesQuery, c.req.query());
    const where = new Where()
      .addIf(query.location_id, 'c.location_id = ?')
      .addIf(query.date_from, 'c.business_date >= ?')
      .addIf(query.date_to, 'c.business_date <= ?')
      .addIf(query.status, 'c.status = ?');
    if (query.over_short) where.add('c.over_short <> 0');
    if (query.search) where.addOn(query.search, (p) => `strpos(lower(c.number), lower(${p})) > 0`);
    return c.json(await pageOf(c.get('db'), { columns: listColumns, from: listFrom, orderBy: 'c.business_date desc, c.id desc' }, where, query));
  },
);

dayCloseRoutes.get(
  '/preview',
  describe({
    tag,
    summary: "What a branch's day should hold",
    description: 'The opening float and, per payment method, the receipts since the last close: what the count should find. Nothing is saved.',
    query: previewQuery,
    ok: one(dayClosePreviewRow),
  }),
  async (c) => {
    const query = parse(previewQuery, c.req.query());
    const db = c.get('db');
    const [location] = await db.query('select 1 from public.locations where id = $1', [query.location_id]);
    if (!location) throw new HttpError(422, 'The selected location does not exist', { location_id: ['The selected location does not exist'] });
    const [row] = await db.query<{ preview: unknown }>('select public.day_close_preview($1, $2::date) as preview', [query.location_id, query.date]);
    return c.json({ data: row.preview });
  },
);

dayCloseRoutes.get(
  '/today',
  describe({ tag, summary: "Each branch's close of a day", description: 'Closed or not, and over or short: for the dashboard. Today unless `date` says otherwise.', query: z.object({ date: optionalDate('Date') }), ok: z.object({ data: z.array(dayCloseTodayRow) }) }),
  async (c) => {
    const query = parse(z.object({ date: optionalDate('Date') }), c.req.query());
    const rows = await c.get('db').query(
      `select ${named('l')} as location, coalesce($1::date, current_date) as date,
              case when c.id is null then null
                   else json_build_object('id', c.id, 'number', c.number, 'over_short', c.over_short, 'cash_over_short', c.cash_over_short) end as close
         from public.locations l
         left join public.day_closes c on c.location_id = l.id and c.business_date = coalesce($1::date, current_date) and c.status = 'closed'
        order by l.name, l.id
        limit 200`,
      [query.date],
    );
    return c.json({ data: rows });
  },
);

dayCloseRoutes.get(
  '/over-short',
  describe({ tag, summary: 'Over and short by branch and month', query: overShortQuery, ok: z.object({ data: z.array(overShortRow) }) }),
  async (c) => c.json({ data: await overShort(c.get('db'), parse(overShortQuery, c.req.query())) }),
);

dayCloseRoutes.get(
  '/over-short/export',
  describe({ tag, summary: 'Over and short by branch and month, as a CSV file', query: overShortQuery, csv: true }),
  async (c) => {
    const rows = await overShort(c.get('db'), parse(overShortQuery, c.req.query()));
    const csv = toCsv(
      ['Month', 'Branch', 'Closes', 'Over', 'Short', 'Over/short', 'Deposits'],
      rows.map((row) => [row.month, row.location.name, row.closes, money(row.over), money(row.short), money(row.over_short), money(row.deposits)]),
    );
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="over-short.csv"' });
  },
);

const money = (value: number | string) => Number(value).toFixed(2);

dayCloseRoutes.post(
  '/',
  describe({
    tag,
    summary: "Close a branch's day",
    description:
      'Saves what was counted against what was expected, per payment method, and locks the day at that branch: receipts dated on or before it are refused. 409 when the day, or a later one, is already closed. Staff close their own branch only.',
    body: dayCloseInput,
    created: one(dayCloseRow),
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, dayCloseInput);
    requireOwnBranch(c, input.location_id);
    const db = c.get('db');
    const counted = Object.fromEntries(Object.entries(input.counted).filter(([, value]) => value !== undefined));
    const [row] = await documentRule(
      () =>
        db.query<{ id: number }>('select public.close_day($1, $2::date, $3::text::jsonb, $4::text::jsonb, $5, $6, $7) as id', [
          input.location_id,
          input.date,
          JSON.stringify(counted),
          input.cash_by_denomination === null ? null : JSON.stringify(input.cash_by_denomination),
          input.deposit,
          input.notes,
          c.get('user').id,
        ]),
      { items: 'counted' },
    );
    return c.json({ data: await showClose(db, row.id) }, 201);
  },
);

dayCloseRoutes.get('/:id', describe({ tag, summary: 'One day close, with its receipts', ok: one(dayCloseRow) }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  return c.json({ data: await showClose(c.get('db'), id) });
});

dayCloseRoutes.post(
  '/:id/reopen',
  describe({
    tag,
    summary: "Reopen a branch's most recent close",
    description: 'Its day takes receipts again, and is closed again with new counts. 409 for a close that is not the branch\'s most recent, or already reopened.',
    body: reopenInput,
    ok: one(dayCloseRow),
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const input = await readBody(c, reopenInput);
    const db = c.get('db');
    await documentRule(() => db.query('select public.reopen_day_close($1, $2, $3)', [id, input.reason, c.get('user').id]));
    return c.json({ data: await showClose(db, id) });
  },
);
