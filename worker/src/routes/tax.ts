import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { listQuery, pageOf } from '../http/paging.ts';
import { Where } from '../http/where.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import type { Db } from '../db/port.ts';
import { one, page } from '../schemas/answers.ts';
import type { TaxLine } from '../schemas/documents.ts';
import { documentPreviewInput, documentPreviewRow, taxRateInput, taxRateRow, type DocumentPreview } from '../schemas/tax.ts';
import { uniqueOn, usageMessage } from './resource.ts';

const NOT_FOUND = 'Tax rate not found';
const COLUMNS = `r.id, r.name, r.rate, r.is_default, (select count(*)::int from public.products p where p.tax_rate_id = r.id) as products,
  r.version, r.created_at, r.updated_at`;
const NAME_TAKEN = 'Another tax rate has this name';

async function findRate(db: Db, id: number | string) {
  const [row] = await db.query<{ version: number }>(`select ${COLUMNS} from public.tax_rates r where r.id = $1`, [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}


/** The rate that becomes the default takes over from the one before; the shop always has one. */
async function takeDefault(db: Db, id: number | string) {
  await db.query('update public.tax_rates set is_default = false, updated_at = now() where is_default and id <> $1', [id]);
}

/** The shop's tax rates, read by everyone and changed by administrators; and the fees and tax a form's lines would have. */
export const taxRoutes = new Hono<AppEnv>();
const tag = 'Tax';

taxRoutes.get('/tax-rates', describe({ tag, summary: 'List the tax rates', query: listQuery, ok: page(taxRateRow) }), async (c) => {
  const query = parse(listQuery, c.req.query());
  const where = new Where();
  if (query.search) where.addOn(query.search, (p) => `strpos(lower(r.name), lower(${p})) > 0`);
  return c.json(await pageOf(c.get('db'), { columns: COLUMNS, from: 'from public.tax_rates r', orderBy: 'r.is_default desc, lower(r.name), r.id' }, where, query));
});

taxRoutes.post(
  '/tax-rates',
  describe({ tag, summary: 'Add a tax rate', description: 'With `is_default: true` it becomes the rate of every product without one of its own.', body: taxRateInput, created: one(taxRateRow) }),
  async (c) => {
    const input = await readBody(c, taxRateInput);
    const db = c.get('db');
    const id = await uniqueOn('name', NAME_TAKEN, () =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>('insert into public.tax_rates (name, rate) values ($1, $2) returning id', [input.name, input.rate]);
        if (input.is_default) {
          await takeDefault(tx, row.id);
          await tx.query('update public.tax_rates set is_default = true where id = $1', [row.id]);
        }
        return row.id;
      }),
    );
    return versioned(c, await findRate(db, id), 201);
  },
);

taxRoutes.get('/tax-rates/:id', describe({ tag, summary: 'One tax rate', ok: one(taxRateRow), etag: true }), async (c) =>
  versioned(c, await findRate(c.get('db'), parseId(c.req.param('id'), NOT_FOUND))),
);

taxRoutes.put(
  '/tax-rates/:id',
  describe({
    tag,
    summary: 'Change a tax rate',
    description: 'Documents already written keep the rate their lines were sold at. The default stays the default until another rate is made the default (422 on `is_default`).',
    body: taxRateInput,
    ok: one(taxRateRow),
    ifMatch: true,
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const input = await readBody(c, taxRateInput);
    const db = c.get('db');
    await uniqueOn('name', NAME_TAKEN, () =>
      db.transaction(async (tx) => {
        const { is_default } = await lockVersion<{ is_default: boolean }>(c, tx, { table: 'tax_rates', id, notFound: NOT_FOUND, columns: 'r.is_default' });
        if (is_default && !input.is_default) {
          const message = 'The shop always has a default rate: make another rate the default instead';
          throw new HttpError(422, message, { is_default: [message] });
        }
        if (input.is_default) await takeDefault(tx, id);
        await tx.query('update public.tax_rates set name = $2, rate = $3, is_default = $4, updated_at = now() where id = $1', [id, input.name, input.rate, input.is_default]);
      }),
    );
    return versioned(c, await findRate(db, id));
  },
);

taxRoutes.delete(
  '/tax-rates/:id',
  describe({ tag, summary: 'Delete a tax rate', description: 'Refused (409) for the default rate and for a rate products are taxed at.', noContent: true, errors: [409] }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const db = c.get('db');
    const rate = await findRate(db, id);
    if ((rate as { is_default?: boolean }).is_default) throw new HttpError(409, 'The default rate cannot be deleted: make another rate the default first.');
    const used = await usageMessage(db, { noun: 'tax rate', users: [{ table: 'products', column: 'tax_rate_id', label: ['product', 'products'] }] }, id);
    if (used) throw new HttpError(409, used);
    await db.query('delete from public.tax_rates where id = $1', [id]);
    return c.body(null, 204);
  },
);

taxRoutes.post(
  '/document-preview',
  describe({
    tag,
    summary: "The fees and tax of a document's lines",
    description:
      "What a quote, invoice or sale with these lines would carry, by the rules its save uses: the fee lines each item calls for (`key`: the item's index) less those in its `waived_fees`, and the tax: each line's total after its discount and its share of `discount_amount`, times its product's rate, added up and rounded half-up to the cent once per rate. A customer exempt on `date` (today when left out) pays none. Nothing is saved.",
    body: documentPreviewInput,
    ok: one(documentPreviewRow),
  }),
  async (c) => {
    const input = await readBody(c, documentPreviewInput);
    const [row] = await c.get('db').query<{ taxes: TaxLine[]; fees: DocumentPreview['fees']; certificate: string | null }>(
      `with e as (select public.customer_exemption($1, coalesce($2::date, current_date)) as certificate),
       items as (
         select o.ordinality - 1 as key, i.product_id, p.kind as product_type, i.quantity,
                public.line_total(i.unit_price, i.quantity, coalesce(i.discount_percent, 0)) as total,
                (select coalesce(jsonb_agg(w -> 'fee_rule_id'), '[]'::jsonb) from jsonb_array_elements(coalesce(i.waived_fees, '[]'::jsonb)) w) as waived
           from jsonb_array_elements($3::text::jsonb) with ordinality as o(item, ordinality)
           cross join lateral jsonb_to_record(o.item) as i(product_id bigint, quantity integer, unit_price numeric, discount_percent numeric, waived_fees jsonb)
           join public.products p on p.id = i.product_id),
       fees as (
         select f from jsonb_array_elements(public.document_fees(coalesce((select jsonb_agg(jsonb_build_object('key', x.key::text, 'product_id', x.product_id,
           'product_type', x.product_type, 'quantity', x.quantity, 'waived', x.waived) order by x.key) from items x), '[]'::jsonb))) f),
       lines as (
         select x.product_id, x.total from items x
         union all
         select (f ->> 'product_id')::bigint, public.line_total((f ->> 'amount')::numeric, (f ->> 'quantity')::integer, 0) from fees)
       select e.certificate,
              (select coalesce(jsonb_agg(jsonb_build_object('key', (f ->> 'key')::integer, 'fee_rule_id', (f ->> 'fee_rule_id')::bigint,
                 'product_id', (f ->> 'product_id')::bigint, 'name', f ->> 'name', 'amount', (f ->> 'amount')::numeric,
                 'quantity', (f ->> 'quantity')::integer, 'total', public.line_total((f ->> 'amount')::numeric, (f ->> 'quantity')::integer, 0),
                 'refundable', (f ->> 'refundable')::boolean)), '[]'::jsonb) from fees) as fees,
              public.tax_by_rate(coalesce((select jsonb_agg(jsonb_build_object('name', r.tax_name, 'rate', r.tax_rate, 'total', l.total))
                                             from lines l cross join lateral public.product_tax(l.product_id, e.certificate is not null) r), '[]'::jsonb), $4) as taxes
         from e`,
      [input.customer_id, input.date, JSON.stringify(input.items), input.discount_amount ?? 0],
    );
    const tax = row.taxes.reduce((sum, line) => sum + Math.round(line.tax * 100), 0) / 100;
    return c.json({ data: { fees: row.fees, taxes: row.taxes, tax_amount: tax, tax_exempt_certificate: row.certificate } });
  },
);
