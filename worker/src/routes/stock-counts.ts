import { Hono } from 'hono';
import { z } from 'zod';
import { requireStaffCondition } from '../auth/permissions.ts';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/port.ts';
import { named } from '../db/sql.ts';
import { HttpError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { describe } from '../http/openapi.ts';
import { limitStatements } from '../http/transaction.ts';
import { listQuery, optionalFilter, pageOf } from '../http/paging.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { Where } from '../http/where.ts';
import { one, page } from '../schemas/answers.ts';
import { scannedBarcode } from '../schemas/barcodes.ts';
import { LIMITS, requiredId } from '../schemas/common.ts';
import { toCsv } from '../schemas/csv.ts';
import {
  COUNT_STATUSES,
  countLinesInput,
  postCountInput,
  stockCountInput,
  stockCountLineRow,
  stockCountListRow,
  stockCountRow,
  stockCountSheetRow,
} from '../schemas/stock-counts.ts';
import { documentRule } from './documents/shared.ts';
import { addSearchMatch } from './products/core.ts';

const NOT_FOUND = 'Stock count not found';
const tag = 'Stock counts';

const countsQuery = listQuery.extend({
  location_id: optionalFilter(requiredId('Location must be a valid choice')),
  status: optionalFilter(z.enum(COUNT_STATUSES, { error: 'Status must be open, posted or cancelled' })),
});

const LINE_FILTERS = ['counted', 'uncounted', 'variance'] as const;
const linesQuery = listQuery.extend({
  show: optionalFilter(z.enum(LINE_FILTERS, { error: 'Show must be counted, uncounted or variance' })).describe(
    'Only the counted lines, the lines not counted yet, or the counted lines whose count differs from the shelf.',
  ),
});

/**
 * Posting writes a correction per variance in one transaction: on the scale data set 5,000 take about
 * 3 s and 80,000 (every tire of a branch off) about 25 s, past the limit of an ordinary request.
 */
const POSTING_LIMIT_MS = 120_000;

const countColumns = `c.id, c.number, ${named('l')} as location, c.status, c.scope_label,
  json_build_object('kind', c.scope_kind, 'tire_brand_id', c.tire_brand_id, 'battery_brand_id', c.battery_brand_id) as scope,
  c.lines, c.counted_lines, c.notes, ${named('su')} as started_by, c.started_at, ${named('pu')} as posted_by, c.posted_at, c.uncounted,
  ${named('xu')} as cancelled_by, c.cancelled_at`;
const countFrom = `from public.stock_counts c
  join public.locations l on l.id = c.location_id
  left join public.users su on su.id = c.started_by
  left join public.users pu on pu.id = c.posted_by
  left join public.users xu on xu.id = c.cancelled_by`;

const unitCost = 'coalesce(sl.unit_cost, p.cost_price)';
const productColumn = `json_build_object('id', p.id, 'name', p.name, 'kind', p.kind, 'barcode', p.barcode) as product`;
const lineColumns = `${productColumn}, sl.snapshot, sl.counted, sl.expected, sl.expected - sl.snapshot as moves_since, sl.variance,
  ${unitCost} as unit_cost, round(sl.variance * ${unitCost}, 2) as variance_value, ${named('cu')} as counted_by, sl.counted_at`;
const lineFrom = `from public.stock_count_lines sl
  join public.products p on p.id = sl.product_id
  left join public.users cu on cu.id = sl.counted_by`;
const lineOrder = 'lower(p.name), p.id';

async function showCount(db: Db, id: string | number) {
  const [row] = await db.query(
    `select ${countColumns},
            (select json_build_object(
                      'counted', count(*) filter (where x.counted is not null),
                      'uncounted', count(*) filter (where x.counted is null),
                      'with_variance', count(*) filter (where x.variance <> 0),
                      'over_units', coalesce(sum(x.variance) filter (where x.variance > 0), 0),
                      'short_units', coalesce(sum(x.variance) filter (where x.variance < 0), 0),
                      'variance_units', coalesce(sum(x.variance), 0),
                      'variance_value', coalesce((select sum(round(v.variance * coalesce(v.unit_cost, vp.cost_price), 2))
                                                    from public.stock_count_lines v join public.products vp on vp.id = v.product_id
                                                   where v.stock_count_id = c.id and v.variance <> 0), 0))
               from public.stock_count_lines x where x.stock_count_id = c.id) as summary
       ${countFrom} where c.id = $1`,
    [id],
  );
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

async function countExists(db: Db, id: string) {
  const [row] = await db.query<{ number: string; status: string; started_by: number | null }>(
    'select number, status, started_by from public.stock_counts where id = $1',
    [id],
  );
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/** The lines as product ids: a barcode is looked up as the product searches do (its UPC-A and EAN-13 forms are one code). */
async function resolveLines(db: Db, lines: z.output<typeof countLinesInput>['lines']) {
  const forms = lines.map((line) => (line.barcode === undefined ? null : scannedBarcode(line.barcode)));
  const codes = forms.flatMap((form) => form ?? []);
  const found = codes.length
    ? await db.query<{ id: number; barcode: string }>(`select id, barcode from public.products where barcode = any(string_to_array($1, ','))`, [codes.join(',')])
    : [];
  const byCode = new Map(found.map((row) => [row.barcode, Number(row.id)]));
  const seen = new Map<number, number>();
  return lines.map((line, index) => {
    let productId = line.product_id;
    if (productId === undefined) {
      productId = (forms[index] ?? []).map((code) => byCode.get(code)).find((value) => value !== undefined);
      if (productId === undefined) {
        const message = `No product has the barcode ${line.barcode}`;
        throw new HttpError(422, message, { [`lines.${index}.barcode`]: [message] });
      }
    }
    if (seen.has(productId)) {
      const message = `This product is already on line ${seen.get(productId)! + 1}`;
      throw new HttpError(422, message, { [`lines.${index}.${line.product_id === undefined ? 'barcode' : 'product_id'}`]: [message] });
    }
    seen.set(productId, index);
    return { product_id: productId, counted: line.counted };
  });
}

function lineWhere(id: string, query: z.output<typeof linesQuery>) {
  const where = new Where().add('sl.stock_count_id = ?', id);
  if (query.show === 'counted') where.add('sl.counted is not null');
  if (query.show === 'uncounted') where.add('sl.counted is null');
  if (query.show === 'variance') where.add('sl.variance <> 0');
  if (query.search) addSearchMatch(where, query.search);
  return where;
}

async function tooManyRows(db: Db, where: Where, what: string) {
  const rows = await db.query(`select 1 ${lineFrom} ${where.sql} limit 1 offset ${LIMITS.exportRows}`, where.params);
  if (rows.length) {
    const message = `The ${what} would hold more than ${LIMITS.exportRows.toLocaleString('en-US')} lines; count by product type or brand.`;
    throw new HttpError(422, message, { _: [message] });
  }
}

/** An amount with its two decimals, as a number cell: a text cell starting with a minus would be taken for a formula. */
const amountCell = (value: number) => ({ toString: () => Number(value).toFixed(2) });

export const stockCountRoutes = new Hono<AppEnv>();

stockCountRoutes.get(
  '/',
  describe({ tag, summary: 'List stock counts', description: 'Newest first; filters by branch and status; `search` finds a number.', query: countsQuery, ok: page(stockCountListRow) }),
  async (c) => {
    const query = parse(countsQuery, c.req.query());
    const where = new Where().addIf(query.location_id, 'c.location_id = ?').addIf(query.status, 'c.status = ?');
    if (query.search) where.addOn(query.search, (p) => `strpos(lower(c.number), lower(${p})) > 0`);
    return c.json(
      await pageOf(
        c.get('db'),
        { columns: `${countColumns}, c.corrections, c.variance_units, c.variance_value`, from: countFrom, orderBy: 'c.started_at desc, c.id desc' },
        where,
        query,
      ),
    );
  },
);

stockCountRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Start a stock count',
    description:
      "Takes every product of the scope at the branch (goods only: active ones, and inactive ones still on its shelf) with its shelf quantity now (the snapshot). The shop keeps selling and receiving meanwhile. 409 naming the other count when one of these products is already in an open count at the branch; 422 when the scope holds nothing. Accepts an `Idempotency-Key`.",
    body: stockCountInput,
    created: one(stockCountRow),
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, stockCountInput);
    const db = c.get('db');
    const [row] = await documentRule(() =>
      db.query<{ id: number }>('select public.start_stock_count($1, $2, $3, $4, $5, $6) as id', [
        input.location_id,
        input.scope.kind,
        input.scope.tire_brand_id,
        input.scope.battery_brand_id,
        input.notes,
        c.get('user').id,
      ]),
    );
    return c.json({ data: await showCount(db, row.id) }, 201);
  },
);

stockCountRoutes.get(
  '/:id',
  describe({ tag, summary: 'One stock count, with its variances added up', description: 'Its lines are at `/lines`, a page at a time.', ok: one(stockCountRow) }),
  async (c) => c.json({ data: await showCount(c.get('db'), parseId(c.req.param('id'), NOT_FOUND)) }),
);

stockCountRoutes.get(
  '/:id/lines',
  describe({
    tag,
    summary: "A stock count's lines",
    description:
      "Each product with its snapshot, count, the shelf quantity when it was counted (`expected`), what moved in between, its variance and the variance at cost. By product name; `search` finds a name or a scanned barcode.",
    query: linesQuery,
    ok: page(stockCountLineRow),
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const query = parse(linesQuery, c.req.query());
    const db = c.get('db');
    await countExists(db, id);
    return c.json(await pageOf(db, { columns: lineColumns, from: lineFrom, orderBy: lineOrder }, lineWhere(id, query), query));
  },
);

stockCountRoutes.put(
  '/:id/lines',
  describe({
    tag,
    summary: 'Save counted quantities',
    description:
      "Sets the lines named (by product id or barcode) and no others, so several people can count at once. Each line keeps the shelf quantity of the moment it is counted: what was sold or received since the count started is no variance. A product not in the count is a 422 naming it; a count that is posted or cancelled is a 409. `counted: null` clears a line.",
    body: countLinesInput,
    ok: one(z.object({ lines: z.number().int(), counted_lines: z.number().int(), updated: z.array(stockCountLineRow) })),
    errors: [404, 409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const input = await readBody(c, countLinesInput);
    const db = c.get('db');
    const lines = await resolveLines(db, input.lines);
    await documentRule(() => db.query('select public.count_stock($1, $2::text::jsonb, $3)', [id, JSON.stringify(lines), c.get('user').id]));
    const [count] = await db.query<{ lines: number; counted_lines: number }>('select lines, counted_lines from public.stock_counts where id = $1', [id]);
    const updated = await db.query(`select ${lineColumns} ${lineFrom} where sl.stock_count_id = $1 and sl.product_id = any(string_to_array($2, ',')::bigint[]) order by ${lineOrder}`, [
      id,
      lines.map((line) => line.product_id).join(','),
    ]);
    return c.json({ data: { lines: count.lines, counted_lines: count.counted_lines, updated } });
  },
);

stockCountRoutes.get(
  '/:id/sheet',
  describe({
    tag,
    summary: 'A count sheet without the book',
    description: `Every product of the count by name, with what was counted so far but not the shelf quantity: for counting blind on paper. At most ${LIMITS.exportRows.toLocaleString('en-US')} lines.`,
    ok: one(z.array(stockCountSheetRow)),
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    await countExists(db, id);
    const where = new Where().add('sl.stock_count_id = ?', id);
    await tooManyRows(db, where, 'count sheet');
    return c.json({ data: await db.query(`select ${productColumn}, sl.counted ${lineFrom} ${where.sql} order by ${lineOrder}`, where.params) });
  },
);

stockCountRoutes.get(
  '/:id/export',
  describe({
    tag,
    summary: 'The variance report, as a CSV file',
    description: `The counted lines whose count differs from the shelf, with their variance at cost. At most ${LIMITS.exportRows.toLocaleString('en-US')} lines.`,
    csv: true,
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    const count = await countExists(db, id);
    const where = new Where().add('sl.stock_count_id = ?', id).add('sl.variance <> 0');
    await tooManyRows(db, where, 'variance report');
    const rows = await db.query<z.infer<typeof stockCountLineRow>>(`select ${lineColumns} ${lineFrom} ${where.sql} order by ${lineOrder}`, where.params);
    const csv = toCsv(
      ['Product', 'Barcode', 'Snapshot', 'Moved since', 'Expected', 'Counted', 'Variance', 'Unit cost', 'Variance at cost'],
      rows.map((row) => [
        row.product.name,
        row.product.barcode ?? '',
        row.snapshot,
        row.moves_since ?? '',
        row.expected ?? '',
        row.counted ?? '',
        row.variance ?? '',
        amountCell(row.unit_cost),
        row.variance_value === null ? '' : amountCell(row.variance_value),
      ]),
    );
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${count.number}-variances.csv"`,
    });
  },
);

stockCountRoutes.post(
  '/:id/post',
  describe({
    tag,
    summary: 'Post a stock count',
    description:
      "Writes one count correction per variance, naming the count, onto the shelf as it stands now; in one transaction. Lines nobody counted are refused (409 saying how many) unless `uncounted` says what they are. A count posts once: 409 after, or when cancelled. Administrators only.",
    body: postCountInput,
    ok: one(stockCountRow),
    errors: [404, 409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const input = await readBody(c, postCountInput);
    const db = c.get('db');
    const limit = c.get('config').statementTimeoutMs;
    if (limit > 0) await limitStatements(db, Math.max(limit, POSTING_LIMIT_MS));
    await documentRule(() => db.query('select public.post_stock_count($1, $2, $3)', [id, input.uncounted, c.get('user').id]));
    return c.json({ data: await showCount(db, id) });
  },
);

stockCountRoutes.post(
  '/:id/cancel',
  describe({
    tag,
    summary: 'Cancel a stock count',
    description: 'Nothing moves, and its products can be counted again. Only before posting (409 after). Staff cancel the counts they started; others are an administrator\'s.',
    ok: one(stockCountRow),
    errors: [404, 409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    const user = c.get('user');
    const count = await countExists(db, id);
    requireStaffCondition(user, 'own count', Number(count.started_by) === user.id);
    await documentRule(() => db.query('select public.cancel_stock_count($1, $2)', [id, user.id]));
    return c.json({ data: await showCount(db, id) });
  },
);
