import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/port.ts';
import { named } from '../db/sql.ts';
import { HttpError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { listQuery, optionalFilter, pageOf } from '../http/paging.ts';
import { Where } from '../http/where.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { one, page } from '../schemas/answers.ts';
import { optionalDate, requiredId } from '../schemas/common.ts';
import {
  TRANSFER_STATUSES,
  receiveTransferInput,
  transferInput,
  transferListRow,
  transferRow,
} from '../schemas/transfers.ts';
import { documentRule } from './documents/shared.ts';

const NOT_FOUND = 'Transfer not found';
const tag = 'Transfers';

const transfersQuery = listQuery.extend({
  location_id: optionalFilter(requiredId('Branch must be a valid choice')).describe('Transfers from or to this branch.'),
  from_location_id: optionalFilter(requiredId('From branch must be a valid choice')),
  to_location_id: optionalFilter(requiredId('To branch must be a valid choice')),
  status: optionalFilter(z.enum(TRANSFER_STATUSES, { error: 'Status must be draft, shipped, received or cancelled' })),
  date_from: optionalDate('From date'),
  date_to: optionalDate('To date'),
});

const listColumns = `t.id, t.number, t.transfer_date, t.status, ${named('fl')} as from_location, ${named('tl')} as to_location,
  t.line_count, t.total_quantity, t.received_quantity, t.notes, t.shipped_at, t.received_at`;
const listFrom = `from public.transfers t
  join public.locations fl on fl.id = t.from_location_id
  join public.locations tl on tl.id = t.to_location_id`;

const branch = (alias: string) => `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'address', ${alias}.address)`;
const person = (alias: string) => `case when ${alias}.id is null then null else ${named(alias)} end`;

async function showTransfer(db: Db, id: string | number) {
  const [row] = await db.query<Record<string, unknown>>(
    `select t.id, t.number, t.transfer_date, t.status, ${branch('fl')} as from_location, ${branch('tl')} as to_location,
            t.line_count, t.total_quantity, t.received_quantity, t.notes, t.shipped_at, t.received_at, t.cancelled_at,
            ${person('cu')} as created_by, ${person('su')} as shipped_by, ${person('ru')} as received_by, ${person('xu')} as cancelled_by,
            t.version, t.created_at, t.updated_at,
            coalesce((select json_agg(json_build_object(
                        'id', x.id, 'product_id', x.product_id, 'product_name', x.product_name, 'product_type', p.kind,
                        'quantity', x.quantity, 'received_quantity', x.received_quantity, 'shortfall', x.shortfall,
                        'shortfall_reason', x.shortfall_reason,
                        'source_stock', coalesce((select s.quantity from public.stock_levels s
                                                   where s.product_id = x.product_id and s.location_id = t.from_location_id), 0))
                        order by x.position)
                        from public.transfer_items x join public.products p on p.id = x.product_id
                       where x.transfer_id = t.id), '[]') as items
       ${listFrom}
       left join public.users cu on cu.id = t.created_by
       left join public.users su on su.id = t.shipped_by
       left join public.users ru on ru.id = t.received_by
       left join public.users xu on xu.id = t.cancelled_by
      where t.id = $1`,
    [id],
  );
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/** The branches and products a transfer names must exist, and products must be goods. */
async function requireReferences(db: Db, input: z.output<typeof transferInput>) {
  const locations = await db.query<{ id: number }>('select id from public.locations where id in ($1, $2)', [input.from_location_id, input.to_location_id]);
  const found = new Set(locations.map((row) => Number(row.id)));
  for (const field of ['from_location_id', 'to_location_id'] as const) {
    if (!found.has(input[field])) throw new HttpError(422, 'The selected branch does not exist', { [field]: ['The selected branch does not exist'] });
  }
  const products = await db.query<{ id: number; name: string; kind: string }>(
    `select id, name, kind from public.products where id = any(string_to_array($1, ',')::bigint[])`,
    [input.items.map((item) => item.product_id).join(',')],
  );
  const byId = new Map(products.map((row) => [Number(row.id), row]));
  input.items.forEach((item, index) => {
    const product = byId.get(item.product_id);
    if (!product) throw new HttpError(422, 'The selected product does not exist', { [`items.${index}.product_id`]: ['The selected product does not exist'] });
    if (product.kind === 'service') {
      const message = `${product.name} is a service: services have no stock to transfer`;
      throw new HttpError(422, message, { [`items.${index}.product_id`]: [message] });
    }
  });
}

/** Writes a draft's lines in the body's order (replacing any it had) and keeps the header's counts. */
async function saveLines(db: Db, id: number | string, input: z.output<typeof transferInput>) {
  await db.query('delete from public.transfer_items where transfer_id = $1', [id]);
  await db.query(
    `insert into public.transfer_items (transfer_id, position, product_id, product_name, quantity)
     select $1, l.position, p.id, p.name, l.quantity
       from jsonb_to_recordset($2::text::jsonb) as l(position int, product_id bigint, quantity int)
       join public.products p on p.id = l.product_id
      order by l.position`,
    [id, JSON.stringify(input.items.map((item, index) => ({ position: index + 1, product_id: item.product_id, quantity: item.quantity })))],
  );
  await db.query(
    `update public.transfers t
        set line_count = (select count(*) from public.transfer_items x where x.transfer_id = t.id),
            total_quantity = (select coalesce(sum(x.quantity), 0) from public.transfer_items x where x.transfer_id = t.id)
      where t.id = $1`,
    [id],
  );
}

export const transferRoutes = new Hono<AppEnv>();

transferRoutes.get(
  '/',
  describe({ tag, summary: 'List transfers', description: 'Newest first; filters by branch (from or to), status and dates; `search` looks in the number.', query: transfersQuery, ok: page(transferListRow) }),
  async (c) => {
    const query = parse(transfersQuery, c.req.query());
    const where = new Where()
      .addIf(query.from_location_id, 't.from_location_id = ?')
      .addIf(query.to_location_id, 't.to_location_id = ?')
      .addIf(query.status, 't.status = ?')
      .addIf(query.date_from, 't.transfer_date >= ?')
      .addIf(query.date_to, 't.transfer_date <= ?');
    if (query.location_id) where.addOn(query.location_id, (p) => `(t.from_location_id = ${p} or t.to_location_id = ${p})`);
    if (query.search) where.addOn(query.search, (p) => `strpos(lower(t.number), lower(${p})) > 0`);
    return c.json(await pageOf(c.get('db'), { columns: listColumns, from: listFrom, orderBy: 't.transfer_date desc, t.id desc' }, where, query));
  },
);

transferRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Add a transfer',
    description: 'A draft, numbered TR-YYYY-NNNNN: nothing moves until it is shipped. Takes an `Idempotency-Key`.',
    body: transferInput,
    created: one(transferRow),
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, transferInput);
    const db = c.get('db');
    await requireReferences(db, input);
    const id = await documentRule(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into public.transfers (number, from_location_id, to_location_id, transfer_date, notes, created_by)
           values (public.next_document_number('tr', $3::date), $1, $2, $3, $4, $5) returning id`,
          [input.from_location_id, input.to_location_id, input.transfer_date, input.notes, c.get('user').id],
        );
        await saveLines(tx, row.id, input);
        return row.id;
      }),
    );
    return versioned(c, await showTransfer(db, id), 201);
  },
);

transferRoutes.get('/:id', describe({ tag, summary: 'One transfer, with its lines', ok: one(transferRow), etag: true }), async (c) =>
  versioned(c, await showTransfer(c.get('db'), parseId(c.req.param('id'), NOT_FOUND))),
);

const REFUSED: Record<string, string> = {
  shipped: 'This transfer has been shipped and cannot be changed.',
  received: 'This transfer has been received and cannot be changed.',
  cancelled: 'This transfer has been cancelled and cannot be changed.',
};

transferRoutes.put(
  '/:id',
  describe({ tag, summary: 'Change a draft transfer', description: 'Its branches, date, notes and lines. 409 once shipped or cancelled.', body: transferInput, ok: one(transferRow), errors: [409], ifMatch: true }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    await documentRule(() =>
      db.transaction(async (tx) => {
        const { status } = await lockVersion<{ status: string }>(c, tx, { table: 'transfers', id, notFound: NOT_FOUND, columns: 'r.status' });
        if (REFUSED[status]) throw new HttpError(409, REFUSED[status]);
        const input = await readBody(c, transferInput);
        await requireReferences(tx, input);
        await tx.query(
          `update public.transfers set from_location_id = $2, to_location_id = $3, transfer_date = $4, notes = $5, updated_at = now() where id = $1`,
          [id, input.from_location_id, input.to_location_id, input.transfer_date, input.notes],
        );
        await saveLines(tx, id, input);
      }),
    );
    return versioned(c, await showTransfer(db, id));
  },
);

transferRoutes.delete(
  '/:id',
  describe({ tag, summary: 'Delete a draft transfer', description: 'Only a draft: a shipped transfer is received, and a draft no longer wanted may also be cancelled to keep its number.', noContent: true, errors: [409] }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    await c.get('db').transaction(async (tx) => {
      const { status } = await lockVersion<{ status: string }>(c, tx, { table: 'transfers', id, notFound: NOT_FOUND, columns: 'r.status' });
      if (status !== 'draft') throw new HttpError(409, `This transfer has been ${status} and cannot be deleted.`);
      await tx.query('delete from public.transfers where id = $1', [id]);
    });
    return c.body(null, 204);
  },
);

transferRoutes.post(
  '/:id/ship',
  describe({
    tag,
    summary: 'Ship a transfer',
    description:
      "Every line leaves the source branch's shelf and goes in transit to the destination, where it is not sellable until received. 409 when the source has too few of a product (the message names it), or once shipped.",
    ok: one(transferRow),
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    await documentRule(() => db.query('select public.ship_transfer($1, $2)', [id, c.get('user').id]));
    return versioned(c, await showTransfer(db, id));
  },
);

transferRoutes.post(
  '/:id/receive',
  describe({
    tag,
    summary: 'Receive a transfer',
    description:
      "What arrived goes onto the destination's shelf. A line short says what happens to the rest: `send_back` puts it back on the source branch's shelf, `write_off` writes it off with a reason. Without a body everything arrived. 409 unless shipped, or once received.",
    body: receiveTransferInput,
    bodyOptional: true,
    ok: one(transferRow),
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    const input = (await c.req.text()).trim() ? await readBody(c, receiveTransferInput) : parse(receiveTransferInput, {});
    await documentRule(() =>
      db.query('select public.receive_transfer($1, $2::text::jsonb, $3)', [id, input.items ? JSON.stringify(input.items) : null, c.get('user').id]),
    );
    return versioned(c, await showTransfer(db, id));
  },
);

transferRoutes.post(
  '/:id/cancel',
  describe({ tag, summary: 'Cancel a draft transfer', description: 'Nothing had moved; the transfer keeps its number. 409 once shipped.', ok: one(transferRow), errors: [409] }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    await documentRule(() => db.query('select public.cancel_transfer($1, $2)', [id, c.get('user').id]));
    return versioned(c, await showTransfer(db, id));
  },
);
