import { Hono } from 'hono';
import type { Db } from '../db/port.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { listQuery, pageLimit, pageOf, toPage } from '../http/paging.ts';
import { Where } from '../http/where.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { one, page } from '../schemas/answers.ts';
import { vehicleInput, vehicleRow, visitRow } from '../schemas/vehicles.ts';
import { deleteRow, searchCondition } from './resource.ts';

const tag = 'Vehicles';
const notFound = 'Vehicle not found';
const fields = Object.keys(vehicleInput.shape);

/** The quotes, invoices and sales of the vehicle `v`, as (type, id, date, mileage, status). */
const documentsOf = (vehicle: string) => `(
  select 'Quote' as document_type, q.id as document_id, q.issued_date as date, q.mileage, q.status from public.quotes q where q.vehicle_id = ${vehicle}
  union all select 'Invoice', i.id, i.issued_date, i.mileage, i.status from public.invoices i where i.vehicle_id = ${vehicle}
  union all select 'Sale', s.id, s.sale_date, s.mileage, s.status from public.sales s where s.vehicle_id = ${vehicle})`;

/** The size of the tires last fitted to the vehicle `v`: on its latest sent invoice or completed sale with a tire. */
const lastTireSize = `(select t.size from (
    select i.issued_date as date, i.id, x.product_id, x.position from public.invoices i join public.invoice_items x on x.invoice_id = i.id
     where i.vehicle_id = v.id and i.status = 'sent' and x.product_type = 'tire'
    union all
    select s.sale_date, s.id, x.product_id, x.position from public.sales s join public.sale_items x on x.sale_id = s.id
     where s.vehicle_id = v.id and s.status = 'completed' and x.product_type = 'tire'
  ) f join public.tires t on t.product_id = f.product_id order by f.date desc, f.id desc, f.position limit 1)`;

const columns = `v.id, v.customer_id, json_build_object('id', c.id, 'name', c.name, 'phone', c.phone) as customer, v.plate, v.vin, v.make,
  v.model, v.year, v.tire_sizes, v.notes, (select max(d.mileage) from ${documentsOf('v.id')} d) as last_mileage,
  ${lastTireSize} as last_tire_size, v.version, v.created_at, v.updated_at`;
const from = 'from public.vehicles v join public.customers c on c.id = v.customer_id';

async function showVehicle(db: Db, id: number | string) {
  const [row] = await db.query<{ version: number }>(`select ${columns} ${from} where v.id = $1`, [id]);
  if (!row) throw new HttpError(404, notFound);
  return row;
}

/** What was fitted on a document `h` (its lines but the fees), with each tire's size, brand and pattern. */
const fittedLines = (linesTable: string, keyColumn: string) => `(select coalesce(json_agg(json_build_object(
    'product_id', x.product_id, 'product_type', x.product_type, 'product_name', x.product_name, 'quantity', x.quantity, 'dot', x.dot,
    'size', t.size, 'brand', b.name, 'pattern', pa.name) order by x.position), '[]'::json)
   from public.${linesTable} x left join public.tires t on t.product_id = x.product_id
   left join public.tire_brands b on b.id = t.tire_brand_id left join public.patterns pa on pa.id = t.pattern_id
  where x.${keyColumn} = h.document_id and x.line_kind <> 'fee')`;

const searchWhere = searchCondition(['v.plate', 'v.vin']);

/**
 * Customers' vehicles: listed and added under their customer, found by plate or VIN, and each with
 * the history of its quotes, invoices and sales.
 */
export const vehicleRoutes = new Hono<AppEnv>();

vehicleRoutes.get(
  '/customers/:id/vehicles',
  describe({ tag, summary: "A customer's vehicles", query: listQuery, ok: page(vehicleRow) }),
  async (c) => {
    const customerId = parseId(c.req.param('id'), 'Customer not found');
    const query = parse(listQuery, c.req.query());
    const db = c.get('db');
    const [customer] = await db.query('select 1 from public.customers where id = $1', [customerId]);
    if (!customer) throw new HttpError(404, 'Customer not found');
    const where = new Where().add('v.customer_id = ?', customerId);
    if (query.search) where.addOn(query.search, searchWhere);
    return c.json(await pageOf(db, { columns, from, orderBy: 'lower(v.plate), v.id' }, where, query));
  },
);

vehicleRoutes.post(
  '/customers/:id/vehicles',
  describe({ tag, summary: 'Add a vehicle to a customer', body: vehicleInput, created: one(vehicleRow) }),
  async (c) => {
    const customerId = parseId(c.req.param('id'), 'Customer not found');
    const input = await readBody(c, vehicleInput);
    const db = c.get('db');
    const [customer] = await db.query('select 1 from public.customers where id = $1', [customerId]);
    if (!customer) throw new HttpError(404, 'Customer not found');
    const [row] = await db.query<{ id: number }>(
      `insert into public.vehicles (customer_id, ${fields.join(', ')}) values ($1, ${fields.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
      [customerId, ...fields.map((field) => input[field as keyof typeof input])],
    );
    return versioned(c, await showVehicle(db, row.id), 201);
  },
);

vehicleRoutes.get(
  '/vehicles',
  describe({ tag, summary: 'Find vehicles', description: '`search` finds a plate or a VIN.', query: listQuery, ok: page(vehicleRow) }),
  async (c) => {
    const query = parse(listQuery, c.req.query());
    const where = new Where();
    if (query.search) where.addOn(query.search, searchWhere);
    return c.json(await pageOf(c.get('db'), { columns, from, orderBy: 'lower(v.plate), v.id' }, where, query));
  },
);

vehicleRoutes.get('/vehicles/:id', describe({ tag, summary: 'One vehicle', ok: one(vehicleRow), etag: true }), async (c) =>
  versioned(c, await showVehicle(c.get('db'), parseId(c.req.param('id'), notFound))),
);

vehicleRoutes.put(
  '/vehicles/:id',
  describe({ tag, summary: 'Change a vehicle', body: vehicleInput, ok: one(vehicleRow), ifMatch: true }),
  async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    const input = await readBody(c, vehicleInput);
    const db = c.get('db');
    await lockVersion(c, db, { table: 'vehicles', id, notFound });
    await db.query(
      `update public.vehicles set ${fields.map((field, i) => `${field} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1`,
      [id, ...fields.map((field) => input[field as keyof typeof input])],
    );
    return versioned(c, await showVehicle(db, id));
  },
);

vehicleRoutes.delete(
  '/vehicles/:id',
  describe({ tag, summary: 'Delete a vehicle', description: 'Refused (409) while quotes, invoices or sales name it.', noContent: true, errors: [409] }),
  async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    await deleteRow(c.get('db'), {
      table: 'vehicles',
      id,
      notFound,
      inUse: 'This vehicle cannot be deleted because quotes, invoices or sales refer to it.',
      usage: {
        noun: 'vehicle',
        users: [
          { table: 'quotes', column: 'vehicle_id', label: ['quote', 'quotes'] },
          { table: 'invoices', column: 'vehicle_id', label: ['invoice', 'invoices'] },
          { table: 'sales', column: 'vehicle_id', label: ['sale', 'sales'] },
        ],
      },
    });
    return c.body(null, 204);
  },
);

vehicleRoutes.get(
  '/vehicles/:id/history',
  describe({
    tag,
    summary: "A vehicle's history",
    description: 'Its quotes, invoices and sales, newest first, each with its date, mileage and what was fitted (each tire with its size, brand, pattern and DOT).',
    query: listQuery,
    ok: page(visitRow),
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    const query = parse(listQuery, c.req.query());
    const db = c.get('db');
    const [vehicle] = await db.query('select 1 from public.vehicles where id = $1', [id]);
    if (!vehicle) throw new HttpError(404, notFound);
    const limit = pageLimit(query, [id]);
    const [rows, [{ total }]] = await Promise.all([
      db.query(
        `select h.document_type, h.document_id, coalesce(q.number, i.number, s.number) as number, h.date, h.status, h.mileage,
                json_build_object('id', lo.id, 'name', lo.name) as location, coalesce(q.net_amount, i.net_amount, s.net_amount) as net_amount,
                case h.document_type when 'Quote' then ${fittedLines('quote_items', 'quote_id')}
                  when 'Invoice' then ${fittedLines('invoice_items', 'invoice_id')} else ${fittedLines('sale_items', 'sale_id')} end as items
           from ${documentsOf('$1')} h
           left join public.quotes q on h.document_type = 'Quote' and q.id = h.document_id
           left join public.invoices i on h.document_type = 'Invoice' and i.id = h.document_id
           left join public.sales s on h.document_type = 'Sale' and s.id = h.document_id
           join public.locations lo on lo.id = coalesce(q.location_id, i.location_id, s.location_id)
          order by h.date desc, h.document_type, h.document_id desc ${limit.sql}`,
        limit.params,
      ),
      db.query<{ total: number }>(`select count(*)::int as total from ${documentsOf('$1')} h`, [id]),
    ]);
    return c.json(toPage(rows, total, query));
  },
);
