import { Hono } from 'hono';
import type { Db } from '../../db/port.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, pageOf } from '../../http/paging.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import { Where } from '../../http/where.ts';
import { serviceInput, serviceRow, type ServiceInput } from '../../schemas/services.ts';
import { describe } from '../../http/openapi.ts';
import { versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { deleteProducts, insertProduct, updateProduct } from './core.ts';

const NOT_FOUND = 'Service not found';
const IN_USE = 'This service cannot be deleted because invoices or sales refer to it.';

const FROM = `from public.products p`;
const COLUMNS = 'p.id, p.tax_rate_id, p.tax_exempt, p.name, p.notes as description, p.selling_price, p.active, p.version, p.created_at, p.updated_at';

async function findService(db: Db, id: number | string) {
  const [row] = await db.query(`select ${COLUMNS} ${FROM} where p.kind = 'service' and p.id = $1`, [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

const productFields = (input: ServiceInput) => ({
  name: input.name,
  cost_price: 0,
  selling_price: input.selling_price,
  active: input.active,
  notes: input.description,
  tax_rate_id: input.tax_rate_id,
  tax_exempt: input.tax_exempt,
});

/** Fitting and other work sold by the hour or the job; services have no stock. */
export const serviceRoutes = new Hono<AppEnv>();

const tag = 'Services';

serviceRoutes.get('/', describe({ tag, summary: 'List services', query: listQuery, ok: page(serviceRow) }), async (c) => {
  const query = parse(listQuery, c.req.query());
  const where = new Where().add(`p.kind = 'service'`);
  if (query.search) where.add(`strpos(lower(concat_ws(' ', p.name, p.notes)), lower(?)) > 0`, query.search);
  return c.json(await pageOf(c.get('db'), { columns: COLUMNS, from: FROM, orderBy: 'lower(p.name), p.id' }, where, query));
});

serviceRoutes.post('/', describe({ tag, summary: 'Add a service', body: serviceInput, created: one(serviceRow) }), async (c) => {
  const input = await readBody(c, serviceInput);
  const id = await insertProduct(c.get('db'), 'service', productFields(input));
  return versioned(c, await findService(c.get('db'), id), 201);
});

serviceRoutes.get('/:id', describe({ tag, summary: 'One service', ok: one(serviceRow), etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  return versioned(c, await findService(c.get('db'), id));
});

serviceRoutes.put('/:id', describe({ tag, summary: 'Change a service', body: serviceInput, ok: one(serviceRow), ifMatch: true }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, serviceInput);
  await updateProduct(c, c.get('db'), { id, kind: 'service', notFound: NOT_FOUND }, productFields(input));
  return versioned(c, await findService(c.get('db'), id));
});

serviceRoutes.delete('/:id', describe({ tag, summary: 'Delete a service', noContent: true, errors: [409] }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  if (!(await deleteProducts(c.get('db'), 'service', [id], IN_USE))) throw new HttpError(404, NOT_FOUND);
  return c.body(null, 204);
});
