import { Hono } from 'hono';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, pageOf } from '../../http/paging.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { Where } from '../../http/where.ts';
import { wiperInput, wiperRow, type WiperInput } from '../../schemas/wipers.ts';
import { describe } from '../../http/openapi.ts';
import { versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { addSearchMatch, branchStock, deleteProducts, keptProductCount, insertProduct, requireReferences, totalStock, updateProduct, withHomeStock } from './core.ts';
import { lookupNamed } from '../../db/sql.ts';

const NOT_FOUND = 'Wiper product not found';
const IN_USE = 'This wiper product cannot be deleted because invoices, sales or purchase orders refer to it.';

const FROM = `
  from public.products p
  join public.wipers w on w.product_id = p.id`;

const COLUMNS = `
  p.id, p.tax_rate_id, p.tax_exempt, p.barcode, p.preferred_supplier_id,
  (select json_build_object('id', ps.id, 'name', ps.name) from public.suppliers ps where ps.id = p.preferred_supplier_id) as preferred_supplier, p.name, w.size, w.type, w.frame_material, w.compatibility_year, w.compatible_cars,
  w.made_in_id, ${lookupNamed('made_ins', 'w.made_in_id')} as made_in, p.cost_price, p.selling_price,
  ${totalStock} as quantity, ${branchStock} as inventory, p.version, p.created_at, p.updated_at`;

async function findWiper(db: Db, id: number | string) {
  const [row] = await db.query(`select ${COLUMNS} ${FROM} where p.id = $1`, [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

function checkReferences(db: Db, input: WiperInput) {
  return requireReferences(db, [
    { table: 'made_ins', id: input.made_in_id, field: 'made_in_id', message: 'The selected made in does not exist' },
  ]);
}

/** The name is composed from the details once they are written (a trigger on wipers). */
const productFields = (input: WiperInput) => ({
  name: input.type,
  cost_price: input.cost_price,
  selling_price: input.selling_price,
  active: true,
  notes: null,
  tax_rate_id: input.tax_rate_id,
  tax_exempt: input.tax_exempt,
  barcode: input.barcode,
  preferred_supplier_id: input.preferred_supplier_id,
});

const detailValues = (input: WiperInput) => [
  input.size,
  input.type,
  input.frame_material,
  input.compatibility_year,
  input.compatible_cars,
  input.made_in_id,
];

/** Stock changes only through the stock endpoints. */
export const wiperRoutes = new Hono<AppEnv>();

const tag = 'Wiper products';

wiperRoutes.get('/', describe({ tag, summary: 'List wiper products', query: listQuery, ok: page(wiperRow) }), async (c) => {
  const query = parse(listQuery, c.req.query());
  const where = new Where().add(`p.kind = 'wiper'`);
  if (query.search) {
    addSearchMatch(where, query.search, (words) =>
      words.add(
        `strpos(lower(concat_ws(' ', p.name, w.compatible_cars, w.compatibility_year,
           (select mi.name from public.made_ins mi where mi.id = w.made_in_id))), lower(?)) > 0`,
        query.search,
      ),
    );
  }
  // The order of wipers_list_order_idx.
  const orderBy = 'w.size, lower(w.type), lower(w.frame_material), w.product_id';
  const sql = { columns: withHomeStock(COLUMNS, c.get('user')), from: FROM, orderBy };
  return c.json(await pageOf(c.get('db'), sql, where, query, query.search ? null : keptProductCount('wiper')));
});

const create = describe({
  tag,
  summary: 'Add a wiper product',
  description: 'It starts with no stock: stock changes through the stock endpoints.',
  body: wiperInput,
  created: one(wiperRow),
});

wiperRoutes.post('/', create, async (c) => {
  const input = await readBody(c, wiperInput);
  const id = await c.get('db').transaction(async (tx) => {
    await checkReferences(tx, input);
    const id = await insertProduct(tx, 'wiper', productFields(input));
    await tx.query(
      `insert into public.wipers (product_id, size, type, frame_material, compatibility_year, compatible_cars, made_in_id)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, ...detailValues(input)],
    );
    return id;
  });
  return versioned(c, await findWiper(c.get('db'), id), 201);
});

wiperRoutes.get('/:id', describe({ tag, summary: 'One wiper product', ok: one(wiperRow), etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  return versioned(c, await findWiper(c.get('db'), id));
});

const update = describe({
  tag,
  summary: 'Change a wiper product',
  description: 'Staff may not change the cost price.',
  body: wiperInput,
  ok: one(wiperRow),
  ifMatch: true,
});

wiperRoutes.put('/:id', update, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, wiperInput);
  await c.get('db').transaction(async (tx) => {
    await updateProduct(c, tx, { id, kind: 'wiper', notFound: NOT_FOUND }, productFields(input));
    await checkReferences(tx, input);
    await tx.query(
      `update public.wipers set size = $2, type = $3, frame_material = $4, compatibility_year = $5, compatible_cars = $6, made_in_id = $7
        where product_id = $1`,
      [id, ...detailValues(input)],
    );
  });
  return versioned(c, await findWiper(c.get('db'), id));
});

wiperRoutes.delete('/:id', describe({ tag, summary: 'Delete a wiper product', noContent: true, errors: [409] }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  if (!(await deleteProducts(c.get('db'), 'wiper', [id], IN_USE))) throw new HttpError(404, NOT_FOUND);
  return c.body(null, 204);
});
