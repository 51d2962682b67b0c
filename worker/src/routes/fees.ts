import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { PgCode, pgErrorCode, type Db } from '../db/port.ts';
import { HttpError } from '../http/errors.ts';
import { listQuery, pageOf } from '../http/paging.ts';
import { Where } from '../http/where.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { one, page } from '../schemas/answers.ts';
import { feeRuleInput, feeRuleRow, type FeeRuleInput } from '../schemas/fees.ts';
import { insertProduct, requireReferences } from './products/core.ts';
import { uniqueOn } from './resource.ts';

const NOT_FOUND = 'Fee not found';
const NAME_TAKEN = 'Another fee has this name';
const COLUMNS = `r.id, r.name, r.amount, r.applies_to, r.refundable, r.active, r.product_id, p.tax_rate_id, p.tax_exempt,
  coalesce((select json_agg(m.product_id order by m.product_id) from public.product_fee_rules m where m.fee_rule_id = r.id), '[]') as product_ids,
  coalesce((select json_agg(json_build_object('id', mp.id, 'name', mp.name) order by mp.name) from public.product_fee_rules m
              join public.products mp on mp.id = m.product_id where m.fee_rule_id = r.id), '[]') as products,
  r.version, r.created_at, r.updated_at`;
const FROM = 'from public.fee_rules r join public.products p on p.id = r.product_id';

async function findRule(db: Db, id: number | string) {
  const [row] = await db.query<{ version: number }>(`select ${COLUMNS} ${FROM} where r.id = $1`, [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

type Input = ReturnType<typeof feeRuleInput.parse>;

/** The products a rule marks: each must exist (422 on `product_ids`); only a rule for marked products has any. */
async function markProducts(db: Db, id: number | string, input: Input) {
  const ids = input.applies_to === 'marked' ? [...new Set(input.product_ids)] : [];
  if (ids.length) {
    const [found] = await db.query<{ count: number }>(`select count(*)::int as count from public.products where id = any(string_to_array($1, ',')::bigint[])`, [ids.join(',')]);
    if (found.count !== ids.length) throw new HttpError(422, 'A chosen product does not exist', { product_ids: ['A chosen product does not exist'] });
  }
  await db.query('delete from public.product_fee_rules where fee_rule_id = $1', [id]);
  if (ids.length) {
    await db.query(`insert into public.product_fee_rules (fee_rule_id, product_id) select $1, unnest(string_to_array($2, ',')::bigint[])`, [id, ids.join(',')]);
  }
}


const rateReference = (input: Input) => [{ table: 'tax_rates', id: input.tax_rate_id, field: 'tax_rate_id', message: 'The selected tax rate does not exist' }];

/** The fees the counter adds under what they follow (disposal fees, core charges): read by everyone, set by administrators. */
export const feeRoutes = new Hono<AppEnv>();
const tag = 'Fees';

feeRoutes.get('/', describe({ tag, summary: 'List the fees', query: listQuery, ok: page(feeRuleRow) }), async (c) => {
  const query = parse(listQuery, c.req.query());
  const where = new Where();
  if (query.search) where.addOn(query.search, (p) => `strpos(lower(r.name), lower(${p})) > 0`);
  return c.json(await pageOf(c.get('db'), { columns: COLUMNS, from: FROM, orderBy: 'lower(r.name), r.id' }, where, query));
});

feeRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Add a fee',
    description: 'It is sold as a service of its own name, price and tax class, on a line under each product it applies to, with that line’s quantity.',
    body: feeRuleInput,
    created: one(feeRuleRow),
  }),
  async (c) => {
    const input = await readBody(c, feeRuleInput);
    const db = c.get('db');
    await requireReferences(db, rateReference(input));
    const id = await uniqueOn('name', NAME_TAKEN, () =>
      db.transaction(async (tx) => {
        const productId = await insertProduct(tx, 'service', { name: input.name, cost_price: 0, selling_price: input.amount, active: input.active, notes: 'A fee', tax_rate_id: input.tax_rate_id, tax_exempt: input.tax_exempt });
        const [row] = await tx.query<{ id: number }>(
          'insert into public.fee_rules (name, product_id, amount, applies_to, refundable, active) values ($1, $2, $3, $4, $5, $6) returning id',
          [input.name, productId, input.amount, input.applies_to, input.refundable, input.active],
        );
        await markProducts(tx, row.id, input);
        return row.id;
      }),
    );
    return versioned(c, await findRule(db, id), 201);
  },
);

feeRoutes.get('/:id', describe({ tag, summary: 'One fee', ok: one(feeRuleRow), etag: true }), async (c) =>
  versioned(c, await findRule(c.get('db'), parseId(c.req.param('id'), NOT_FOUND))),
);

feeRoutes.put(
  '/:id',
  describe({ tag, summary: 'Change a fee', description: 'Documents already written keep the fee lines they have; drafts take the change when next saved.', body: feeRuleInput, ok: one(feeRuleRow), ifMatch: true }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const input = await readBody(c, feeRuleInput);
    const db = c.get('db');
    await requireReferences(db, rateReference(input));
    await uniqueOn('name', NAME_TAKEN, () =>
      db.transaction(async (tx) => {
        await lockVersion(c, tx, { table: 'fee_rules', id, notFound: NOT_FOUND });
        const [rule] = await tx.query<{ product_id: number }>(
          'update public.fee_rules set name = $2, amount = $3, applies_to = $4, refundable = $5, active = $6, updated_at = now() where id = $1 returning product_id',
          [id, input.name, input.amount, input.applies_to, input.refundable, input.active],
        );
        await tx.query(
          'update public.products set name = $2, selling_price = $3, active = $4, tax_rate_id = $5, tax_exempt = $6, updated_at = now() where id = $1',
          [rule.product_id, input.name, input.amount, input.active, input.tax_rate_id, input.tax_exempt],
        );
        await markProducts(tx, id, input);
      }),
    );
    return versioned(c, await findRule(db, id));
  },
);

feeRoutes.delete(
  '/:id',
  describe({ tag, summary: 'Delete a fee', description: 'Refused (409) once documents have charged it: make it inactive instead.', noContent: true, errors: [409] }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    await findRule(db, id);
    try {
      await db.transaction(async (tx) => {
        const [rule] = await tx.query<{ product_id: number }>('delete from public.fee_rules where id = $1 returning product_id', [id]);
        await tx.query('delete from public.products where id = $1', [rule.product_id]);
      });
    } catch (error) {
      if (pgErrorCode(error) === PgCode.foreignKeyViolation) throw new HttpError(409, 'Documents have charged this fee, so it cannot be deleted. Make it inactive instead.');
      throw error;
    }
    return c.body(null, 204);
  },
);

export type { FeeRuleInput };
