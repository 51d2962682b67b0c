import { Hono } from 'hono';
import { z } from 'zod';
import { requiredId } from '../../schemas/common.ts';
import type { AppEnv } from '../../env.ts';
import type { Db } from '../../db/port.ts';
import { HttpError } from '../../http/errors.ts';
import { listQuery, optionalFilter, pageOf, toPage } from '../../http/paging.ts';
import { Where } from '../../http/where.ts';
import { parse, parseId, readBody } from '../../http/validate.ts';
import {
  PRODUCT_KINDS,
  branchStockRow,
  priceInput,
  productChoiceRow,
  productPriceRow,
  stockAdjustmentInput,
  stockAdjustmentRow,
  stockMoveRow,
  stockTransferInput,
} from '../../schemas/stock.ts';
import { describe } from '../../http/openapi.ts';
import { lockVersion, versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import { addSearchMatch, addTermsMatch, searchTerms, requireCostPriceRight, requireReferences, stockAt, stockRule, totalStock } from './core.ts';
import { scannedBarcode } from '../../schemas/barcodes.ts';
import { named } from '../../db/sql.ts';

const NOT_FOUND = 'Product not found';

/** Stock, history and price of any product, whatever its kind. */
export const stockRoutes = new Hono<AppEnv>();

async function productKind(db: Db, id: string): Promise<string> {
  const [row] = await db.query<{ kind: string }>('select kind from public.products where id = $1', [id]);
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row.kind;
}

async function branchStock(db: Db, id: string) {
  return db.query(
    `select lo.id as location_id, lo.name as location_name, coalesce(sl.quantity, 0) as quantity, coalesce(sl.in_transit, 0) as in_transit
       from public.locations lo
       left join public.stock_levels sl on sl.location_id = lo.id and sl.product_id = $1
      order by lo.name, lo.id`,
    [id],
  );
}

const tag = 'Stock';
const branchStocks = z.object({ data: z.array(branchStockRow) });

const levels = describe({ tag, summary: "A product's stock per branch", description: 'Every branch, by name, with 0 where the product has none.', ok: branchStocks });

stockRoutes.get('/:id/stock', levels, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  await productKind(c.get('db'), id);
  return c.json({ data: await branchStock(c.get('db'), id) });
});

const adjust = describe({
  tag,
  summary: 'Adjust stock at a branch',
  description: 'Counts stock in (positive delta) or out at one branch, with a reason; answers the quantity there now. 409 when it would go below zero, or for a service.',
  body: stockAdjustmentInput,
  created: one(stockAdjustmentRow),
  errors: [409],
});

stockRoutes.post('/:id/stock-adjustments', adjust, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, stockAdjustmentInput);
  await productKind(c.get('db'), id);
  await requireReferences(c.get('db'), [{ table: 'locations', id: input.location_id, field: 'location_id', message: 'The selected location does not exist' }]);
  const quantity = await stockRule(async () => {
    const [row] = await c.get('db').query<{ quantity: number }>(
      'select public.move_stock($1, $2, $3, $4, $5, $6) as quantity',
      [id, input.location_id, input.delta, input.reason, input.note, c.get('user').id],
    );
    return row.quantity;
  }, 'delta');
  return c.json({ data: { location_id: input.location_id, quantity } }, 201);
});

const transfer = describe({
  tag,
  summary: 'Move stock between branches',
  description: "Both moves in one transaction; answers the product's stock per branch. 409 when the first branch has too few, or for a service.",
  body: stockTransferInput,
  created: branchStocks,
  errors: [409],
});

stockRoutes.post('/:id/stock-transfers', transfer, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, stockTransferInput);
  await productKind(c.get('db'), id);
  await requireReferences(c.get('db'), [
    { table: 'locations', id: input.from_location_id, field: 'from_location_id', message: 'The selected location does not exist' },
    { table: 'locations', id: input.to_location_id, field: 'to_location_id', message: 'The selected location does not exist' },
  ]);
  await stockRule(() =>
    c.get('db').transaction((tx) =>
      tx.query('select public.transfer_stock($1, $2, $3, $4, $5, $6)', [
        id,
        input.from_location_id,
        input.to_location_id,
        input.quantity,
        input.note,
        c.get('user').id,
      ]),
    ),
    'quantity',
  );
  return c.json({ data: await branchStock(c.get('db'), id) }, 201);
});

const moves = describe({ tag, summary: "A product's stock moves", description: 'Newest first.', query: listQuery, ok: page(stockMoveRow) });

stockRoutes.get('/:id/stock-moves', moves, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const query = parse(listQuery, c.req.query());
  await productKind(c.get('db'), id);
  const sql = {
    columns: `m.id, m.delta, m.reason, m.note, ${named('lo')} as location, ${named('u')} as "user",
              m.document_type, m.document_id, m.created_at`,
    from: `from public.stock_moves m
             join public.locations lo on lo.id = m.location_id
             left join public.users u on u.id = m.user_id`,
    orderBy: 'm.created_at desc, m.id desc',
  };
  return c.json(await pageOf(c.get('db'), sql, new Where().add('m.product_id = ?', id), query));
});

const price = describe({
  tag: 'Products',
  summary: "Change a product's prices",
  description: 'Either price may be left out to keep it. Staff may not change the cost price.',
  body: priceInput,
  ok: one(productPriceRow),
  ifMatch: true,
});

stockRoutes.patch('/:id/price', price, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, priceInput);
  const db = c.get('db');
  await lockVersion(c, db, { table: 'products', id, notFound: NOT_FOUND });
  await requireCostPriceRight(db, c.get('user'), id, input.cost_price);
  const [row] = await stockRule(
    () =>
      db.query<{ version: number }>(
        `update public.products
            set cost_price = coalesce($2, cost_price), selling_price = coalesce($3, selling_price), updated_at = now()
          where id = $1 returning id, cost_price, selling_price, version`,
        [id, input.cost_price ?? null, input.selling_price ?? null],
      ),
    input.selling_price === undefined ? 'cost_price' : 'selling_price',
  );
  return versioned(c, row);
});

export const productsQuery = listQuery.extend({
  type: optionalFilter(z.enum(PRODUCT_KINDS, { error: 'Type must be tire, battery, wiper, service or item' })),
  location_id: optionalFilter(requiredId('Location must be a valid choice')),
  id: optionalFilter(requiredId('Product must be a valid choice')),
});

type ProductsQuery = z.output<typeof productsQuery>;

const PICKER_COUNT_LIMIT = 100;

/** Item pickers: every kind (or one product, `id`), with what documents need; `stock` is at `location_id` when given, else in all branches. */
const choices = describe({
  tag: 'Products',
  summary: 'Pick a product',
  description:
    `Active products of every kind (or of one, or one by id), by name, for the item pickers of documents; \`stock\` is at \`location_id\` when given, else in all branches; \`branch_stock\` at \`location_id\` or else the user's home branch, \`total_stock\` in all branches. ` +
    `\`total\` counts at most ${PICKER_COUNT_LIMIT} matches.`,
  query: productsQuery,
  ok: page(productChoiceRow),
});

const PRODUCTS = 'from public.products p';

/** The words a picker's dictionary may expand a typed word to before it reads products instead. */
const PICKER_WORDS_LIMIT = 8;

/**
 * FROM for a picker search: the products that hold one of `words`, read from product_words in name
 * order (each word's rows are in that order, merged), so the first page stops after its rows
 * instead of sorting every product that holds a common word. The words come from search_words,
 * which holds only letters and digits.
 */
function productsWithWords(words: string[]): string {
  const arms = words.map((word) => {
    if (!/^[a-z0-9]+$/.test(word)) throw new Error(`not a search word: ${word}`);
    return `(select name_key, product_id from public.product_words where word = '${word}')`;
  });
  return `from (select distinct on (w.name_key, w.product_id) w.name_key, w.product_id
                  from (${arms.join(' union all ')}) w order by w.name_key, w.product_id) m
          join public.products p on p.id = m.product_id`;
}

/** A page of the item pickers' products (`total` counts at most PICKER_COUNT_LIMIT); `homeLocationId`, the user's home branch. */
export async function productChoices(db: Db, query: ProductsQuery, homeLocationId: number | null = null) {
  const where = new Where().add('p.active').addIf(query.type, 'p.kind = ?').addIf(query.id, 'p.id = ?');
  let from = PRODUCTS;
  let orderBy = 'lower(p.name), p.id';
  const barcode = scannedBarcode(query.search);
  const terms = barcode ? { sizes: [], words: [], marks: [] } : searchTerms(query.search);
  if (barcode) addSearchMatch(where, query.search);
  // The longest word typed is the likeliest to be rare: the products holding a word it is inside lead.
  const longest = terms.words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest) {
    const words = (
      await db.query<{ word: string }>('select word from public.search_words where word like $1 limit $2', [`%${longest}%`, PICKER_WORDS_LIMIT + 1])
    ).map((row) => row.word);
    if (!words.length) return toPage([], 0, query);
    if (words.length <= PICKER_WORDS_LIMIT) {
      from = productsWithWords(words);
      orderBy = 'm.name_key, m.product_id';
      // What the leading words say of the longest one, the search text need not say again.
      terms.words.splice(terms.words.indexOf(longest), 1);
    }
  }
  addTermsMatch(where, terms);
  const branch = stockAt(query.location_id ?? homeLocationId);
  const goods = (stock: string) => `case when p.kind = 'service' then null else ${stock} end`;
  const sql = {
    columns: `p.id, p.kind as type, p.name, p.selling_price, p.cost_price,
              ${goods(query.location_id ? branch : totalStock)} as stock, ${goods(branch)} as branch_stock, ${goods(totalStock)} as total_stock`,
    from,
    orderBy,
  };
  // A picker shows the first few matches: it counts up to PICKER_COUNT_LIMIT of them, not every product a short search matches.
  // Read in name order, the leading words' rows stop at that many; a plain search stops at any.
  const countOrder = from === PRODUCTS ? '' : `order by ${orderBy}`;
  const counted = { sql: `select count(*)::int as total from (select 1 ${from} ${where.sql} ${countOrder} limit ${PICKER_COUNT_LIMIT}) c`, params: where.params };
  return pageOf(db, sql, where, query, counted);
}

stockRoutes.get('/', choices, async (c) =>
  c.json(await productChoices(c.get('db'), parse(productsQuery, c.req.query()), c.get('user').home_location_id)),
);
