import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { parseCsv, toCsv } from '../../schemas/csv.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, optionalFilter, pageLimit, toPage } from '../../http/paging.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { Where } from '../../http/where.ts';
import { fieldErrors, LIMITS } from '../../schemas/common.ts';
import { PgCode, pgErrorCode } from '../../db/port.ts';
import {
  CONSTRUCTION_TYPES,
  RATINGS,
  TIRE_CSV_COLUMNS,
  tireBulkDeleteInput,
  tireImportResult,
  tireInput,
  tireRow,
  tireStatsRow,
} from '../../schemas/tires.ts';
import { describe } from '../../http/openapi.ts';
import { versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import {
  TOO_LARGE,
  addSearchMatch,
  branchStock,
  deleteProducts,
  insertProduct,
  requireReferences,
  setTotalStock,
  totalStock,
  updateProduct,
  withHomeStock,
} from './core.ts';
import { lookupNamed } from '../../db/sql.ts';

type TireFields = z.output<typeof tireInput>;

const NOT_FOUND = 'Tire not found';
const IN_USE = 'This tire cannot be deleted because invoices, sales or purchase orders refer to it.';
const MAX_IMPORT_ROWS = 2000;

/** `brand_id` is accepted for `tire_brand_id`, as older forms send it. */
const tireBody = z.preprocess((body) => {
  const record = body as Record<string, unknown>;
  return record.tire_brand_id === undefined && record.brand_id !== undefined ? { ...record, tire_brand_id: record.brand_id } : body;
}, tireInput);

const idParam = (label: string) => z.coerce.number({ error: `${label} must be a valid choice` }).int().positive(`${label} must be a valid choice`);
const flagParam = z.enum(['1', '0', 'true', 'false'], { error: 'Use 1 or 0' }).transform((value) => value === '1' || value === 'true');
const priceParam = (label: string) => z.coerce.number({ error: `${label} must be a number` }).min(0, `${label} must be at least 0`);

const tireFilters = z.object({
  search: listQuery.shape.search,
  tire_brand_id: optionalFilter(idParam('Brand')),
  tire_type: optionalFilter(idParam('Tire type')),
  construction_type: optionalFilter(z.enum(CONSTRUCTION_TYPES, { error: 'Construction type must be radial or bias-ply' })),
  run_flat: optionalFilter(flagParam),
  fuel_rating: optionalFilter(z.enum(RATINGS, { error: 'Fuel rating must be A, B, C, D or E' })),
  water_rating: optionalFilter(z.enum(RATINGS, { error: 'Wet grip must be A, B, C, D or E' })),
  price_min: optionalFilter(priceParam('Minimum price')),
  price_max: optionalFilter(priceParam('Maximum price')),
  in_stock: optionalFilter(flagParam),
  stock_status: optionalFilter(z.enum(['in', 'low', 'out'], { error: 'Stock status must be in, low or out' })),
});
const tireListQuery = listQuery.extend(tireFilters.shape);

const FROM = `
  from public.products p
  join public.tires t on t.product_id = p.id`;

/** FROM with the tire's lookups by name, for the export. */
const FROM_NAMED = `${FROM}
  join public.tire_brands b on b.id = t.tire_brand_id
  join public.tire_types ty on ty.id = t.tire_type_id
  left join public.patterns pt on pt.id = t.pattern_id
  left join public.suppliers su on su.id = t.supplier_id
  left join public.locations lo on lo.id = t.location_id`;

const COLUMNS = `
  p.id, p.tax_rate_id, p.tax_exempt, p.barcode, p.name, 1 as product_type_id,
  t.tire_brand_id, ${lookupNamed('tire_brands', 't.tire_brand_id')} as brand, t.pattern_id, ${lookupNamed('patterns', 't.pattern_id')} as pattern,
  t.supplier_id, ${lookupNamed('suppliers', 't.supplier_id')} as supplier, t.tire_type_id, ${lookupNamed('tire_types', 't.tire_type_id')} as tire_type,
  t.location_id, ${lookupNamed('locations', 't.location_id')} as location,
  t.size, t.dot, t.date_of_production, t.made_in, t.date_received, t.construction_type, t.run_flat,
  t.fuel_rating, t.water_rating, p.cost_price, p.selling_price,
  ${totalStock} as quantity, ${branchStock} as inventory, p.notes, p.active, p.version, p.created_at, p.updated_at`;

/** By name (brand, pattern, size), which an index on products serves. */
const ORDER = 'order by lower(p.name), p.id';

function filtersOf(query: z.output<typeof tireFilters>): Where {
  const where = new Where().add(`p.kind = 'tire'`);
  if (query.search) addSearchMatch(where, query.search);
  where.addIf(query.tire_brand_id, 't.tire_brand_id = ?');
  where.addIf(query.tire_type, 't.tire_type_id = ?');
  where.addIf(query.construction_type, 't.construction_type = ?');
  where.addIf(query.run_flat, 't.run_flat = ?');
  where.addIf(query.fuel_rating, 't.fuel_rating = ?');
  where.addIf(query.water_rating, 't.water_rating = ?');
  where.addIf(query.price_min, 'p.selling_price >= ?');
  where.addIf(query.price_max, 'p.selling_price <= ?');
  if (query.in_stock !== undefined) where.add(query.in_stock ? `${totalStock} > 0` : `${totalStock} = 0`);
  if (query.stock_status === 'in') where.add(`${totalStock} >= 10`);
  if (query.stock_status === 'low') where.add(`${totalStock} between 1 and 9`);
  if (query.stock_status === 'out') where.add(`${totalStock} = 0`);
  return where;
}

export async function findTire(db: Db, id: number | string) {
  const [row] = await db.query(`select ${COLUMNS} ${FROM} where p.id = $1`, [id]);
  return row;
}

async function checkReferences(db: Db, input: TireFields): Promise<void> {
  await requireReferences(db, [
    { table: 'tire_brands', id: input.tire_brand_id, field: 'tire_brand_id', message: 'The selected brand does not exist' },
    { table: 'patterns', id: input.pattern_id, field: 'pattern_id', message: 'The selected pattern does not exist' },
    { table: 'suppliers', id: input.supplier_id, field: 'supplier_id', message: 'The selected supplier does not exist' },
    { table: 'tire_types', id: input.tire_type_id, field: 'tire_type_id', message: 'The selected tire type does not exist' },
    { table: 'locations', id: input.location_id, field: 'location_id', message: 'The selected location does not exist' },
  ]);
  if (input.pattern_id === null) return;
  const [pattern] = await db.query<{ tire_brand_id: number | null }>('select tire_brand_id from public.patterns where id = $1', [input.pattern_id]);
  if (pattern.tire_brand_id !== null && Number(pattern.tire_brand_id) !== input.tire_brand_id) {
    const message = 'The pattern does not belong to the chosen brand';
    throw new HttpError(422, message, { pattern_id: [message] });
  }
}

const productFields = (input: TireFields) => ({
  name: input.size,
  cost_price: input.cost_price,
  selling_price: input.selling_price,
  active: input.active,
  notes: input.notes,
  tax_rate_id: input.tax_rate_id,
  tax_exempt: input.tax_exempt,
  barcode: input.barcode,
});

const detailValues = (input: TireFields) => [
  input.tire_brand_id,
  input.pattern_id,
  input.supplier_id,
  input.tire_type_id,
  input.location_id,
  input.size,
  input.dot,
  input.date_of_production,
  input.made_in,
  input.date_received,
  input.construction_type,
  input.run_flat,
  input.fuel_rating,
  input.water_rating,
];

/** A new tire with its opening stock at its branch, in one transaction. */
async function createTire(db: Db, input: TireFields, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const id = await insertProduct(tx, 'tire', productFields(input));
    await tx.query(
      `insert into public.tires (product_id, tire_brand_id, pattern_id, supplier_id, tire_type_id, location_id, size, dot,
         date_of_production, made_in, date_received, construction_type, run_flat, fuel_rating, water_rating)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [id, ...detailValues(input)],
    );
    await setTotalStock(tx, id, input.location_id, input.quantity, userId, 'opening');
    return id;
  });
}

async function listQueryOf(c: Context<AppEnv>) {
  return parse(tireListQuery, c.req.query());
}

export const tireRoutes = new Hono<AppEnv>();

const given = (query: Record<string, unknown>, names: string[]) => names.some((name) => query[name] !== undefined && query[name] !== '');

/** Filters on the tires row; the others read only the products row. */
const DETAIL_FILTERS = ['tire_brand_id', 'tire_type', 'construction_type', 'run_flat', 'fuel_rating', 'water_rating'];

/** The stat cards: over every tire from the kept totals, or over what the filters match. */
function tireStats(db: Db, query: z.output<typeof tireFilters>, where: Where) {
  const filtered = given(query, Object.keys(tireFilters.shape));
  const from = given(query, DETAIL_FILTERS) ? FROM : 'from public.products p';
  const sql = filtered
    ? `select count(*)::int as total_products, coalesce(sum(p.selling_price * p.total_stock), 0)::numeric(20, 2) as total_value,
              (count(*) filter (where p.total_stock between 1 and 9))::int as low_stock,
              (count(*) filter (where p.total_stock = 0))::int as out_of_stock
         ${from} ${where.sql}`
    : `select sum(products)::int as total_products, sum(stock_value)::numeric(20, 2) as total_value,
              sum(low_stock)::int as low_stock, sum(out_of_stock)::int as out_of_stock
         from public.product_totals where kind = 'tire'`;
  return db.query<{ total_products: number; total_value: number; low_stock: number; out_of_stock: number }>(sql, filtered ? where.params : []);
}

const tag = 'Tires';

const list = describe({
  tag,
  summary: 'List tires',
  description: 'One page of the tires the filters match, by name, with the stat cards over every tire (or over what the filters match).',
  query: tireListQuery,
  ok: page(tireRow, { stats: tireStatsRow }),
});

tireRoutes.get('/', list, async (c) => {
  const query = await listQueryOf(c);
  const where = filtersOf(query);
  const limit = pageLimit(query, where.params);
  const [rows, [stats]] = await Promise.all([
    c.get('db').query(`select ${withHomeStock(COLUMNS, c.get('user'))} ${FROM} ${where.sql} ${ORDER} ${limit.sql}`, limit.params),
    tireStats(c.get('db'), query, where),
  ]);
  return c.json({ ...toPage(rows, stats.total_products, query), stats: { ...stats, total_value: Number(stats.total_value) } });
});

const exportTires = describe({
  tag,
  summary: 'Export tires as CSV',
  description:
    `Every tire the filters match, by name, with the columns ${TIRE_CSV_COLUMNS.join(', ')}; the import reads the file back. ` +
    `At most ${LIMITS.exportRows.toLocaleString('en-US')} tires: more is refused (422), to be narrowed with the filters.`,
  query: tireFilters,
  csv: true,
});

tireRoutes.get('/export', exportTires, async (c) => {
  const where = filtersOf(parse(tireFilters, c.req.query()));
  const rows = await c.get('db').query<Record<string, unknown>>(
    `select p.id, b.name as brand, pt.name as pattern, ty.name as tire_type, t.size, t.dot, t.made_in, t.date_received,
            t.date_of_production, su.name as supplier, lo.name as location, t.construction_type, t.run_flat,
            t.fuel_rating, t.water_rating, p.cost_price, p.selling_price, ${totalStock} as quantity, p.active, p.notes, p.barcode
       ${FROM_NAMED} ${where.sql} ${ORDER} limit ${LIMITS.exportRows + 1}`,
    where.params,
  );
  if (rows.length > LIMITS.exportRows) {
    const message = `The export would hold more than ${LIMITS.exportRows.toLocaleString('en-US')} tires; narrow the filters.`;
    throw new HttpError(422, message, { _: [message] });
  }
  const body = toCsv(
    TIRE_CSV_COLUMNS,
    rows.map((row) => TIRE_CSV_COLUMNS.map((column) => (typeof row[column] === 'number' && column.endsWith('price') ? (row[column] as number).toFixed(2) : row[column]))),
  );
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="tires.csv"',
  });
});

const REQUIRED_CSV_COLUMNS = ['brand', 'tire_type', 'size', 'dot', 'made_in', 'date_received', 'supplier', 'location', 'cost_price', 'selling_price', 'quantity'];

/** Lookup names, lowercased, to ids; patterns by brand id and name. */
async function importLookups(db: Db) {
  const byName = async (table: string) =>
    new Map((await db.query<{ id: number; name: string }>(`select id, name from public.${table} order by id desc`)).map((row) => [row.name.trim().toLowerCase(), Number(row.id)]));
  const [brands, types, suppliers, locations, patterns] = await Promise.all([
    byName('tire_brands'),
    byName('tire_types'),
    byName('suppliers'),
    byName('locations'),
    db.query<{ id: number; name: string; tire_brand_id: number | null }>('select id, name, tire_brand_id from public.patterns order by id desc'),
  ]);
  const patternKey = (brandId: number | null | undefined, name: string) => `${brandId ?? ''}|${name.trim().toLowerCase()}`;
  const patternIds = new Map(patterns.map((row) => [patternKey(row.tire_brand_id === null ? null : Number(row.tire_brand_id), row.name), Number(row.id)]));
  return { brands, types, suppliers, locations, pattern: (brandId: number | undefined, name: string) => patternIds.get(patternKey(brandId, name)) ?? patternIds.get(patternKey(null, name)) };
}

const importTires = describe({
  tag,
  summary: 'Import tires from CSV',
  description:
    `A CSV file with a header row, in the columns of the export (${REQUIRED_CSV_COLUMNS.join(', ')} are required), at most ${MAX_IMPORT_ROWS} rows. ` +
    'Brand, pattern, tire type, supplier and location are given by name. Each valid row is added as a tire; the others are refused with their reasons.',
  csvBody: true,
  ok: tireImportResult,
});

tireRoutes.post('/import', importTires, async (c) => {
  const rows = parseCsv(await c.req.text());
  const header = (rows.shift() ?? []).map((column) => column.trim().toLowerCase());
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (!rows.length && !header.length) throw new HttpError(422, 'The file is empty.', { file: ['The file is empty.'] });
  if (missing.length) {
    const message = `The file is missing the columns: ${missing.join(', ')}.`;
    throw new HttpError(422, message, { file: [message] });
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    const message = `The file has ${rows.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`;
    throw new HttpError(422, message, { file: [message] });
  }
  const lookups = await importLookups(c.get('db'));
  let added = 0;
  const refused: { row: number; errors: string[] }[] = [];
  for (const [index, cells] of rows.entries()) {
    const value = (column: string) => (cells[header.indexOf(column)] ?? '').trim();
    const errors: string[] = [];
    const resolve = (column: string, map: Map<string, number>, label: string) => {
      const name = value(column);
      if (!name) return undefined;
      const id = map.get(name.toLowerCase());
      if (id === undefined) errors.push(`${label} "${name}" not found`);
      return id;
    };
    const brandId = resolve('brand', lookups.brands, 'Brand');
    const patternName = value('pattern');
    const patternId = patternName ? lookups.pattern(brandId, patternName) : null;
    if (patternName && patternId === undefined) errors.push(`Pattern "${patternName}" not found`);
    const body = {
      tire_brand_id: brandId,
      pattern_id: patternId,
      tire_type_id: resolve('tire_type', lookups.types, 'Tire type'),
      supplier_id: resolve('supplier', lookups.suppliers, 'Supplier'),
      location_id: resolve('location', lookups.locations, 'Location'),
      ...Object.fromEntries(
        ['size', 'dot', 'made_in', 'date_received', 'date_of_production', 'construction_type', 'run_flat', 'fuel_rating',
          'water_rating', 'cost_price', 'selling_price', 'quantity', 'active', 'notes', 'barcode']
          .filter((column) => header.includes(column) && value(column) !== '')
          .map((column) => [column, value(column)]),
      ),
    };
    const parsed = tireInput.safeParse(body);
    if (!parsed.success) {
      const reported = new Set(errors.map((error) => error.split(' "')[0]));
      for (const [field, messages] of Object.entries(fieldErrors(parsed.error))) {
        const unresolved = { tire_brand_id: 'Brand', tire_type_id: 'Tire type', supplier_id: 'Supplier', location_id: 'Location' }[field];
        if (!unresolved || !reported.has(unresolved)) errors.push(...messages);
      }
    }
    if (errors.length || !parsed.success) {
      refused.push({ row: index + 2, errors });
      continue;
    }
    try {
      await createTire(c.get('db'), parsed.data, c.get('user').id);
      added++;
    } catch (error) {
      // Past what an integer or the kept stock value can hold: the row's savepoint is undone, the file goes on.
      if (pgErrorCode(error) === PgCode.outOfRange) {
        refused.push({ row: index + 2, errors: [TOO_LARGE] });
        continue;
      }
      if (!(error instanceof HttpError)) throw error;
      refused.push({ row: index + 2, errors: error.errors ? Object.values(error.errors).flat() : [error.message] });
    }
  }
  return c.json({ added, refused });
});

const bulkDelete = describe({
  tag,
  summary: 'Delete several tires',
  description: 'Deletes the tires with those ids, all or none; ids that are not tires are passed over. `deleted` says how many were.',
  body: tireBulkDeleteInput,
  ok: z.object({ deleted: z.number().int() }),
  errors: [409],
});

tireRoutes.post('/bulk-delete', bulkDelete, async (c) => {
  const { ids } = await readBody(c, tireBulkDeleteInput);
  const deleted = await c.get('db').transaction((tx) => deleteProducts(tx, 'tire', ids, IN_USE));
  return c.json({ deleted });
});

const create = describe({
  tag,
  summary: 'Add a tire',
  description: 'The quantity is counted in at the location as opening stock. `brand_id` is accepted for `tire_brand_id`.',
  body: tireBody,
  created: one(tireRow),
});

tireRoutes.post('/', create, async (c) => {
  const input = await readBody(c, tireBody);
  const id = await createTire(c.get('db'), input, c.get('user').id);
  return versioned(c, await findTire(c.get('db'), id), 201);
});

tireRoutes.get('/:id', describe({ tag, summary: 'One tire', ok: one(tireRow), etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const tire = await findTire(c.get('db'), id);
  if (!tire) throw new HttpError(404, NOT_FOUND);
  return versioned(c, tire);
});

const update = describe({
  tag,
  summary: 'Change a tire',
  description:
    'A change of the quantity is counted in or out at the location as a count correction (409 when that branch has too few); ' +
    'it needs the version read as If-Match (428 without it). ' +
    'Staff may not change the cost price.',
  body: tireBody,
  ok: one(tireRow),
  errors: [409, 428],
  ifMatch: true,
});

tireRoutes.put('/:id', update, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, tireBody);
  await c.get('db').transaction(async (tx) => {
    const proven = await updateProduct(c, tx, { id, kind: 'tire', notFound: NOT_FOUND }, productFields(input));
    await checkReferences(tx, input);
    await tx.query(
      `update public.tires set tire_brand_id = $2, pattern_id = $3, supplier_id = $4, tire_type_id = $5, location_id = $6,
              size = $7, dot = $8, date_of_production = $9, made_in = $10, date_received = $11, construction_type = $12,
              run_flat = $13, fuel_rating = $14, water_rating = $15
        where product_id = $1`,
      [id, ...detailValues(input)],
    );
    await setTotalStock(tx, id, input.location_id, input.quantity, c.get('user').id, 'count_correction', proven);
  });
  return versioned(c, await findTire(c.get('db'), id));
});

tireRoutes.delete('/:id', describe({ tag, summary: 'Delete a tire', noContent: true, errors: [409] }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  if (!(await deleteProducts(c.get('db'), 'tire', [id], IN_USE))) throw new HttpError(404, NOT_FOUND);
  return c.body(null, 204);
});
