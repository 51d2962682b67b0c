import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, pageOf } from '../../http/paging.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { Where } from '../../http/where.ts';
import { BATTERY_TYPES, batteryInput, batteryRow, type BatteryInput } from '../../schemas/batteries.ts';
import { describe } from '../../http/openapi.ts';
import { versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { optionalId } from '../../schemas/common.ts';
import { addSearchMatch, branchStock, deleteProducts, keptProductCount, insertProduct, requireReferences, setTotalStock, totalStock, updateProduct, withHomeStock } from './core.ts';
import { lookupNamed } from '../../db/sql.ts';

const NOT_FOUND = 'Battery not found';
const IN_USE = 'This battery cannot be deleted because invoices, sales or purchase orders refer to it.';

const batteryListQuery = listQuery.extend({
  battery_brand_id: optionalId('Battery brand'),
  battery_type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(BATTERY_TYPES, 'Battery type must be gel, acid or lithium').optional(),
  ),
});

const FROM = `
  from public.products p
  join public.batteries b on b.product_id = p.id`;

const COLUMNS = `
  p.id, p.tax_rate_id, p.tax_exempt, p.barcode, p.preferred_supplier_id,
  (select json_build_object('id', ps.id, 'name', ps.name) from public.suppliers ps where ps.id = p.preferred_supplier_id) as preferred_supplier, p.name, p.name as battery_name, b.battery_brand_id, ${lookupNamed('battery_brands', 'b.battery_brand_id')} as battery_brand,
  b.made_in_id, ${lookupNamed('made_ins', 'b.made_in_id')} as made_in, b.location_id, ${lookupNamed('locations', 'b.location_id')} as location, b.date_received,
  p.cost_price, p.selling_price, ${totalStock} as inventory_quantity, ${branchStock} as inventory, p.notes,
  b.battery_shape, b.battery_shape as product_shape, b.ampere, b.reversed, b.battery_type, p.version, p.created_at, p.updated_at`;

async function findBattery(db: Db, id: number | string) {
  const [row] = await db.query(`select ${COLUMNS} ${FROM} where p.id = $1`, [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

function checkReferences(db: Db, input: BatteryInput) {
  return requireReferences(db, [
    { table: 'battery_brands', id: input.battery_brand_id, field: 'battery_brand_id', message: 'The selected battery brand does not exist' },
    { table: 'made_ins', id: input.made_in_id, field: 'made_in_id', message: 'The selected made in does not exist' },
    { table: 'locations', id: input.location_id, field: 'location_id', message: 'The selected location does not exist' },
  ]);
}

const productFields = (input: BatteryInput) => ({
  name: input.battery_name,
  cost_price: input.cost_price,
  selling_price: input.selling_price,
  active: true,
  notes: input.notes,
  tax_rate_id: input.tax_rate_id,
  tax_exempt: input.tax_exempt,
  barcode: input.barcode,
  preferred_supplier_id: input.preferred_supplier_id,
});

const detailValues = (input: BatteryInput) => [
  input.battery_brand_id,
  input.made_in_id,
  input.location_id,
  input.date_received,
  input.battery_shape,
  input.ampere,
  input.reversed,
  input.battery_type,
];

export const batteryRoutes = new Hono<AppEnv>();

const tag = 'Batteries';

batteryRoutes.get('/', describe({ tag, summary: 'List batteries', query: batteryListQuery, ok: page(batteryRow) }), async (c) => {
  const query = parse(batteryListQuery, c.req.query());
  const where = new Where().add(`p.kind = 'battery'`);
  if (query.search) {
    addSearchMatch(where, query.search, (words) =>
      words.addOn(
        query.search,
        (param) => `(strpos(lower(p.name), lower(${param})) > 0
          or exists (select 1 from public.battery_brands bb where bb.id = b.battery_brand_id and strpos(lower(bb.name), lower(${param})) > 0))`,
      ),
    );
  }
  where.addIf(query.battery_brand_id, 'b.battery_brand_id = ?');
  where.addIf(query.battery_type, 'b.battery_type = ?');
  const unfiltered = !query.search && !query.battery_brand_id && !query.battery_type;
  const sql = { columns: withHomeStock(COLUMNS, c.get('user')), from: FROM, orderBy: 'lower(p.name), p.id' };
  return c.json(await pageOf(c.get('db'), sql, where, query, unfiltered ? keptProductCount('battery') : null));
});

const create = describe({
  tag,
  summary: 'Add a battery',
  description: 'The quantity is counted in at the location as opening stock.',
  body: batteryInput,
  created: one(batteryRow),
});

batteryRoutes.post('/', create, async (c) => {
  const input = await readBody(c, batteryInput);
  const id = await c.get('db').transaction(async (tx) => {
    await checkReferences(tx, input);
    const id = await insertProduct(tx, 'battery', productFields(input));
    await tx.query(
      `insert into public.batteries (product_id, battery_brand_id, made_in_id, location_id, date_received, battery_shape, ampere, reversed, battery_type)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, ...detailValues(input)],
    );
    await setTotalStock(tx, id, input.location_id, input.inventory_quantity, c.get('user').id, 'opening');
    return id;
  });
  return versioned(c, await findBattery(c.get('db'), id), 201);
});

batteryRoutes.get('/:id', describe({ tag, summary: 'One battery', ok: one(batteryRow), etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  return versioned(c, await findBattery(c.get('db'), id));
});

const update = describe({
  tag,
  summary: 'Change a battery',
  description:
    'A change of the quantity is counted in or out at the location as a count correction (409 when that branch has too few); ' +
    'it needs the version read as If-Match (428 without it). ' +
    'Staff may not change the cost price.',
  body: batteryInput,
  ok: one(batteryRow),
  errors: [409, 428],
  ifMatch: true,
});

batteryRoutes.put('/:id', update, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, batteryInput);
  await c.get('db').transaction(async (tx) => {
    const proven = await updateProduct(c, tx, { id, kind: 'battery', notFound: NOT_FOUND }, productFields(input));
    await checkReferences(tx, input);
    await tx.query(
      `update public.batteries set battery_brand_id = $2, made_in_id = $3, location_id = $4, date_received = $5,
              battery_shape = $6, ampere = $7, reversed = $8, battery_type = $9
        where product_id = $1`,
      [id, ...detailValues(input)],
    );
    await setTotalStock(tx, id, input.location_id, input.inventory_quantity, c.get('user').id, 'count_correction', proven);
  });
  return versioned(c, await findBattery(c.get('db'), id));
});

batteryRoutes.delete('/:id', describe({ tag, summary: 'Delete a battery', noContent: true, errors: [409] }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  if (!(await deleteProducts(c.get('db'), 'battery', [id], IN_USE))) throw new HttpError(404, NOT_FOUND);
  return c.body(null, 204);
});
