import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, optionalFilter, pageOf } from '../../http/paging.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { Where } from '../../http/where.ts';
import { inventoryCategory, inventoryInput, inventoryItemRow, type InventoryInput } from '../../schemas/inventories.ts';
import { describe } from '../../http/openapi.ts';
import { versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { addSearchMatch, branchStock, deleteProducts, keptProductCount, insertProduct, requireReferences, setTotalStock, totalStock, updateProduct, withHomeStock } from './core.ts';

const NOT_FOUND = 'Inventory item not found';
const IN_USE = 'This inventory item cannot be deleted because invoices, sales or purchase orders refer to it.';
const LOCATION_REQUIRED = 'Location is required';

const inventoryListQuery = listQuery.extend({
  category: optionalFilter(inventoryCategory),
  lowStock: optionalFilter(z.enum(['1', '0', 'true', 'false'], 'Low stock must be 1 or 0')),
});

const FROM = `
  from public.products p
  join public.inventory_items i on i.product_id = p.id`;

const COLUMNS = `
  p.id, p.tax_rate_id, p.tax_exempt, p.barcode, p.preferred_supplier_id,
  (select json_build_object('id', ps.id, 'name', ps.name) from public.suppliers ps where ps.id = p.preferred_supplier_id) as preferred_supplier, p.name, i.category, ${totalStock} as current_stock, i.min_stock, p.selling_price as unit_price, p.cost_price,
  case when p.reorder_branches > 0 then p.low_branches > 0 else ${totalStock} <= i.min_stock end as is_low, ${branchStock} as inventory, p.version, p.created_at, p.updated_at`;

async function findItem(db: Db, id: number | string) {
  const [row] = await db.query(`select ${COLUMNS} ${FROM} where p.id = $1`, [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/** The branch the form's stock is counted at: the one chosen, or else the first. */
async function stockLocation(db: Db, input: InventoryInput): Promise<number> {
  if (input.location_id !== null) {
    await requireReferences(db, [{ table: 'locations', id: input.location_id, field: 'location_id', message: 'The selected location does not exist' }]);
    return input.location_id;
  }
  const [first] = await db.query<{ id: number }>('select id from public.locations order by id limit 1');
  if (!first) throw new HttpError(422, LOCATION_REQUIRED, { location_id: [LOCATION_REQUIRED] });
  return Number(first.id);
}

const productFields = (input: InventoryInput) => ({
  name: input.name,
  cost_price: input.cost_price,
  selling_price: input.unit_price,
  active: true,
  notes: null,
  tax_rate_id: input.tax_rate_id,
  tax_exempt: input.tax_exempt,
  barcode: input.barcode,
  preferred_supplier_id: input.preferred_supplier_id,
});

export const inventoryRoutes = new Hono<AppEnv>();

const tag = 'Inventory items';

const list = describe({
  tag,
  summary: 'List inventory items',
  description: 'Shop supplies by name; `lowStock=1` lists those at or below their reorder point at a branch where one is set, else at or below their minimum.',
  query: inventoryListQuery,
  ok: page(inventoryItemRow),
});

inventoryRoutes.get('/', list, async (c) => {
  const query = parse(inventoryListQuery, c.req.query());
  const where = new Where().add(`p.kind = 'item'`);
  if (query.search) addSearchMatch(where, query.search, (words) => words.add('strpos(lower(p.name), lower(?)) > 0', query.search));
  where.addIf(query.category, 'i.category = ?');
  const lowStock = query.lowStock === '1' || query.lowStock === 'true';
  if (lowStock) where.add('p.stock_alert');
  const unfiltered = !query.search && !query.category && !lowStock;
  const sql = { columns: withHomeStock(COLUMNS, c.get('user')), from: FROM, orderBy: 'lower(p.name), p.id' };
  return c.json(await pageOf(c.get('db'), sql, where, query, unfiltered ? keptProductCount('item') : null));
});

const create = describe({
  tag,
  summary: 'Add an inventory item',
  description: 'The current stock is counted in as opening stock at the location, or at the first branch when none is given.',
  body: inventoryInput,
  created: one(inventoryItemRow),
});

inventoryRoutes.post('/', create, async (c) => {
  const input = await readBody(c, inventoryInput);
  const id = await c.get('db').transaction(async (tx) => {
    const locationId = await stockLocation(tx, input);
    const id = await insertProduct(tx, 'item', productFields(input));
    await tx.query('insert into public.inventory_items (product_id, category, min_stock) values ($1, $2, $3)', [id, input.category, input.min_stock]);
    await setTotalStock(tx, id, locationId, input.current_stock, c.get('user').id, 'opening');
    return id;
  });
  return versioned(c, await findItem(c.get('db'), id), 201);
});

inventoryRoutes.get('/:id', describe({ tag, summary: 'One inventory item', ok: one(inventoryItemRow), etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  return versioned(c, await findItem(c.get('db'), id));
});

const update = describe({
  tag,
  summary: 'Change an inventory item',
  description:
    'A change of the current stock is counted in or out as a count correction at the location, or at the first branch when none is given ' +
    '(409 when that branch has too few); it needs the version read as If-Match (428 without it). Staff may not change the cost price.',
  body: inventoryInput,
  ok: one(inventoryItemRow),
  errors: [409, 428],
  ifMatch: true,
});

inventoryRoutes.put('/:id', update, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, inventoryInput);
  await c.get('db').transaction(async (tx) => {
    const proven = await updateProduct(c, tx, { id, kind: 'item', notFound: NOT_FOUND }, productFields(input));
    const locationId = await stockLocation(tx, input);
    await tx.query('update public.inventory_items set category = $2, min_stock = $3 where product_id = $1', [id, input.category, input.min_stock]);
    await setTotalStock(tx, id, locationId, input.current_stock, c.get('user').id, 'count_correction', proven);
  });
  return versioned(c, await findItem(c.get('db'), id));
});

inventoryRoutes.delete('/:id', describe({ tag, summary: 'Delete an inventory item', noContent: true, errors: [409] }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  if (!(await deleteProducts(c.get('db'), 'item', [id], IN_USE))) throw new HttpError(404, NOT_FOUND);
  return c.body(null, 204);
});
