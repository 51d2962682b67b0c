import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, putAsRead } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';
import type { Db } from '../../worker/src/db/port.ts';
import { parse } from '../../worker/src/http/validate.ts';
import { productChoices, productsQuery } from '../../worker/src/routes/products/stock.ts';
import { createApp } from '../../worker/src/app.ts';
import { defaultConfig } from '../../worker/src/env.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
});
afterAll(() => h.close());

const send = (method: string, path: string, body?: unknown) => call(h, method, path, { token, body });
const today = new Date().toISOString().slice(0, 10);

/** Every product's kept total against the sum of its levels and the sum of its moves; the rows that disagree. */
const disagreements = () =>
  h.withDb((db) =>
    db.query(
      `select x.id, x.total_stock, x.levels, x.in_transit, x.moves
         from (select p.id, p.total_stock,
                      (select coalesce(sum(sl.quantity), 0)::int from public.stock_levels sl where sl.product_id = p.id) as levels,
                      (select coalesce(sum(sl.in_transit), 0)::int from public.stock_levels sl where sl.product_id = p.id) as in_transit,
                      (select coalesce(sum(m.delta), 0)::int from public.stock_moves m where m.product_id = p.id) as moves
                 from public.products p) x
        where x.total_stock <> x.levels or x.levels + x.in_transit <> x.moves`,
    ),
  );

/**
 * Products whose kept search columns disagree with what they are made from: the words in
 * product_words (and search_words) against the search text, their name, and the size key against
 * the tire's size.
 */
const wordDisagreements = () =>
  h.withDb((db) =>
    db.query(
      `select p.id, p.name, p.search_text, p.size_key from public.products p
        where array(select w.word from public.product_words w where w.product_id = p.id order by 1)
              is distinct from array(select distinct x from regexp_split_to_table(p.search_text, ' ') x where x <> '' order by 1)
           or exists (select 1 from public.product_words w where w.product_id = p.id and w.name_key <> lower(p.name))
           or exists (select 1 from public.product_words w where w.product_id = p.id and not exists (select 1 from public.search_words s where s.word = w.word))
           or p.size_key is distinct from (select public.tire_size_key(t.size) from public.tires t where t.product_id = p.id)`,
    ),
  );

/** The kept per-kind totals (the tire list's stat cards) against a count over every product. */
async function expectTotalsToAddUp() {
  const [kept, counted] = await h.withDb((db) =>
    Promise.all([
      db.query(
        `select kind, sum(products)::int as products, sum(stock_value)::numeric(14, 2) as value, sum(low_stock)::int as low, sum(out_of_stock)::int as out
           from public.product_totals group by kind having sum(products) > 0 order by kind`,
      ),
      db.query(
        `select kind, count(*)::int as products, sum(selling_price * total_stock)::numeric(14, 2) as value,
                (count(*) filter (where total_stock between 1 and 9))::int as low, (count(*) filter (where total_stock = 0))::int as out
           from public.products group by kind order by kind`,
      ),
    ]),
  );
  expect(kept).toEqual(counted);
  const tires = counted.find((row) => row.kind === 'tire')!;
  const stats = (await send('GET', '/api/tires?per_page=1')).body.stats;
  expect(stats).toEqual({ total_products: tires.products, total_value: Number(tires.value), low_stock: tires.low, out_of_stock: tires.out });
}

/** The kept document counts, receipt totals and alert count against counts over every row, and the lists that read them. */
async function expectCountsToAddUp() {
  const [keptDocuments, countedDocuments, keptReceipts, countedReceipts, [alerts]] = await h.withDb((db) =>
    Promise.all([
      db.query(
        `select type, location_id, status, payment_status, sum(documents)::int as documents from public.document_counts
          group by 1, 2, 3, 4 having sum(documents) <> 0 order by 1, 2, 3, 4`,
      ),
      db.query(
        `select type, location_id, status, payment_status, count(*)::int as documents from (
           select 'Invoice' as type, location_id, status, payment_status from public.invoices
           union all select 'Sale', location_id, status, payment_status from public.sales
           union all select 'Purchase', location_id, status, payment_status from public.purchases
           union all select 'Quote', location_id, status, payment_status from public.quotes
           union all select 'CreditNote', location_id, status, payment_status from public.credit_notes
           union all select 'SupplierReturn', location_id, status, payment_status from public.supplier_returns) d
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      ),
      db.query(
        `select receiptable_type, type, payment_method, sum(receipts)::int as receipts, sum(amount)::numeric(16, 2) as amount
           from public.receipt_totals group by 1, 2, 3 having sum(receipts) <> 0 order by 1, 2, 3`,
      ),
      db.query(
        `select receiptable_type, type, payment_method, count(*)::int as receipts, sum(amount)::numeric(16, 2) as amount
           from public.receipts group by 1, 2, 3 order by 1, 2, 3`,
      ),
      db.query<{ alerts: number }>(
        `select count(*)::int as alerts from public.products where active and kind <> 'service' and total_stock <= low_stock_at`,
      ),
    ]),
  );
  expect(keptDocuments).toEqual(countedDocuments);
  expect(keptReceipts).toEqual(countedReceipts);
  expect((await send('GET', '/api/notifications')).body.data.total).toBe(alerts.alerts);

  const listed = async (path: string) => (await send('GET', path)).body.total;
  const counted = (sql: string, params: unknown[] = []) => h.withDb(async (db) => (await db.query<{ n: number }>(sql, params))[0].n);
  expect(await listed('/api/invoices')).toBe(await counted('select count(*)::int as n from public.invoices'));
  expect(await listed(`/api/sales?location_id=${f.downtownId}&payment_status=pending,partial`)).toBe(
    await counted(`select count(*)::int as n from public.sales where location_id = $1 and payment_status in ('pending', 'partial')`, [f.downtownId]),
  );
  expect(await listed(`/api/purchases?location_id=${f.northsideId}`)).toBe(
    await counted('select count(*)::int as n from public.purchases where location_id = $1', [f.northsideId]),
  );
  const receipts = (await send('GET', '/api/receipts?side=sale')).body;
  const [sums] = await h.withDb((db) =>
    db.query<{ count: number; income: number }>(
      `select count(*)::int as count, coalesce(sum(amount) filter (where type = 'income'), 0) as income
         from public.receipts where receiptable_type in ('Invoice', 'Sale')`,
    ),
  );
  expect([receipts.total, receipts.summary.count, receipts.summary.income]).toEqual([sums.count, sums.count, sums.income]);
  for (const [path, kind] of [['/api/batteries', 'battery'], ['/api/wiper-products', 'wiper'], ['/api/inventories', 'item']]) {
    expect(await listed(path)).toBe(await counted('select count(*)::int as n from public.products where kind = $1', [kind]));
  }
}

describe('what products keep for reads', () => {
  it('keeps each total equal to the sum of its levels and its moves through adjustments, transfers and documents', async () => {
    const tire = (await send('POST', '/api/tires', tireBody(f, { quantity: 10, size: `185 / 60 R 14 ${uniqueTag()}` }))).body.data;
    const customer = (await send('POST', '/api/customers', { name: `Kept ${f.tag}`, phone: '1', address: 'x' })).body.data;
    await send('POST', `/api/products/${tire.id}/stock-adjustments`, { location_id: f.downtownId, delta: -2, reason: 'damage' });
    await send('POST', `/api/products/${tire.id}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 3 });
    await send('POST', `/api/products/${tire.id}/stock-transfers`, { from_location_id: f.northsideId, to_location_id: f.downtownId, quantity: 9 });
    const invoice = (
      await send('POST', '/api/invoices', {
        customer_id: customer.id, location_id: f.northsideId, issued_date: today, due_date: today, status: 'sent',
        items: [{ product_id: tire.id, quantity: 1, unit_price: 90 }],
      })
    ).body.data;
    const paid = (
      await send('POST', '/api/receipts', {
        type: 'income', receiptable_type: 'Invoice', receiptable_id: invoice.id, amount: 40, receipt_date: today, payment_method: 'cash',
      })
    ).body.data;
    await send('DELETE', `/api/receipts/${paid.id}`);
    await send('POST', `/api/invoices/${invoice.id}/cancel`);
    const sale = (
      await send('POST', '/api/sales', {
        customer_id: customer.id, location_id: f.downtownId, sale_date: today, status: 'completed',
        items: [{ product_id: tire.id, quantity: 2, selling_price: 90 }],
      })
    ).body.data;
    for (const [type, amount] of [['income', 100], ['refund', 30]] as const) {
      const answer = await send('POST', '/api/receipts', {
        type, receiptable_type: 'Sale', receiptable_id: sale.id, amount, receipt_date: today, payment_method: 'credit_card',
      });
      expect(answer.status).toBe(201);
    }
    const order = (
      await send('POST', '/api/purchases', {
        supplier_id: f.supplierId, location_id: f.northsideId, purchase_date: today, status: 'ordered',
        items: [{ product_id: tire.id, quantity: 5, cost_price: 50 }],
      })
    ).body.data;
    await send('POST', `/api/purchases/${order.id}/receive`, { items: [{ purchase_item_id: order.purchase_items[0].id, quantity: 4 }] });
    await putAsRead(h, token, `/api/tires/${tire.id}`, { ...tireBody(f, { size: tire.size }), quantity: 20 });

    const detail = (await send('GET', `/api/tires/${tire.id}`)).body.data;
    expect(detail.quantity).toBe(20);
    expect(await disagreements()).toEqual([]);
    await expectTotalsToAddUp();
    await expectCountsToAddUp();
  });

  it('finds a tire by its size typed as three numbers, with or without R or ZR, through the index', async () => {
    const tag = uniqueTag();
    const tire = (await send('POST', '/api/tires', tireBody(f, { quantity: 1, size: `207 / 57 R 19 ${tag}` }))).body.data;
    const other = (await send('POST', '/api/tires', tireBody(f, { quantity: 1, size: `207 / 19 R 57 ${tag}` }))).body.data;
    const found = async (search: string) =>
      (await send('GET', `/api/tires?search=${encodeURIComponent(`${search} ${tag}`)}`)).body.data.map((row: { id: number }) => row.id);
    for (const typed of ['207 57 19', '207/57R19', '207 / 57 zr 19', '2075719', '207 57 r19']) expect(await found(typed)).toEqual([tire.id]);
    expect(await found('207 19 57')).toEqual([other.id]);
  });

  it('renames tires when their brand or pattern is renamed, and finds them by their new names, DOT and origin', async () => {
    const tag = uniqueTag();
    const size = `255 / 40 R 20 ${tag}`;
    const tire = (await send('POST', '/api/tires', tireBody(f, { quantity: 1, size, dot: '4721', made_in: 'Portugal' }))).body.data;
    expect(tire.name).toBe(`${f.names.brand} ${f.names.pattern} ${size}`);
    await send('PUT', `/api/tire-brands/${f.brandId}`, { name: `Renamed ${tag}`, country: 'France' });
    const found = async (search: string) => (await send('GET', `/api/products?search=${encodeURIComponent(search)}`)).body.data.map((row: { id: number }) => row.id);
    expect(await found(`renamed ${tag} 255/40R20`)).toEqual([tire.id]);
    expect(await found(`${f.names.brand} ${tag}`)).toEqual([]);
    const tires = await send('GET', `/api/tires?search=${encodeURIComponent(`4721 portugal ${tag}`)}`);
    expect(tires.body.data.map((row: { id: number; name: string }) => [row.id, row.name])).toEqual([[tire.id, `Renamed ${tag} ${f.names.pattern} ${size}`]]);
    expect((await send('GET', `/api/tires?search=${encodeURIComponent(`25540R20 ${tag}`)}`)).body.total).toBe(1);
    expect((await send('GET', `/api/products?search=${encodeURIComponent('%')}`)).status).toBe(200);
    await send('PUT', `/api/tire-brands/${f.brandId}`, { name: f.names.brand, country: 'France' });
    expect(await wordDisagreements()).toEqual([]);
  });

  it("keeps each product's words as it is named, renamed and deleted, and the picker finds every word a typed one is inside, by name", async () => {
    const tag = uniqueTag();
    const item = async (name: string) =>
      (await send('POST', '/api/inventories', { name, category: 'parts', current_stock: 1, unit_price: 2 })).body.data as { id: number; name: string };
    const plain = await item(`Zinc bolt ${tag}`);
    const longer = await item(`Anchor X${tag}Y`);
    const both = await item(`Bracket ${tag} and ${tag}kit`);
    const other = await item(`Clamp ${tag}kit`);
    const picked = async (search: string, extra = '') =>
      (await send('GET', `/api/products?search=${encodeURIComponent(search)}${extra}`)).body as { data: { id: number }[]; total: number };

    const all = await picked(tag);
    expect(all.data.map((row) => row.id)).toEqual([longer.id, both.id, other.id, plain.id]);
    expect(all.total).toBe(4);
    expect((await picked(tag, '&per_page=2&page=2')).data.map((row) => row.id)).toEqual([other.id, plain.id]);
    expect((await picked(`${tag} bracket`)).data.map((row) => row.id)).toEqual([both.id]);
    expect((await picked(`${tag}kit`)).data.map((row) => row.id)).toEqual([both.id, other.id]);
    expect((await picked(`${tag}nothing`)).total).toBe(0);
    expect((await picked(tag, '&type=tire')).total).toBe(0);

    await putAsRead(h, token, `/api/inventories/${plain.id}`, { name: `Zinc screw ${tag}x`, category: 'parts', unit_price: 2 });
    expect((await picked('screw ' + tag)).data.map((row) => row.id)).toEqual([plain.id]);
    expect((await picked(`bolt ${tag}`)).total).toBe(0);
    expect(await wordDisagreements()).toEqual([]);
    await send('DELETE', `/api/inventories/${both.id}`);
    expect((await picked(tag)).data.map((row) => row.id)).toEqual([longer.id, other.id, plain.id]);
    expect(await h.withDb((db) => db.query('select 1 from public.product_words where product_id = $1', [both.id]))).toEqual([]);
  });

  it('plans a statement with a LIKE for its pattern each time, and keeps the others prepared, on a direct connection', async (ctx) => {
    ctx.skip(h.runtime !== 'postgres', 'only the Node server on PostgreSQL prepares statements');
    const prepared = await h.withDb((db) =>
      db.transaction(async (tx) => {
        await tx.query('select count(*) from public.products p where p.search_text like $1', ['%zz%']);
        await tx.query('select count(*) from public.products p where p.id = $1', [1]);
        return tx.query<{ statement: string }>('select statement from pg_prepared_statements');
      }),
    );
    const statements = prepared.map((row) => row.statement);
    expect(statements).toContain('select count(*) from public.products p where p.id = $1');
    expect(statements.filter((statement) => /like/i.test(statement))).toEqual([]);
  });

  it("keeps one plan for a list's first page on a connection, and asks later pages for their offset", async (ctx) => {
    ctx.skip(h.runtime !== 'postgres', 'only the Node server on PostgreSQL prepares statements');
    const plans = await h.withDb((db) =>
      db.transaction(async (tx) => {
        // The app on this one connection, so the statements it prepares are the ones read back.
        const app = createApp({ db: tx, config: { ...defaultConfig, jwtSecret: h.jwtSecret } });
        for (const path of ['/api/tires?per_page=25', '/api/invoices?per_page=25', '/api/tires?per_page=25&page=2']) {
          for (let n = 0; n < 8; n++) expect((await app.request(path, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
        }
        return tx.query<{ statement: string; generic_plans: number; custom_plans: number }>(
          `select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
            where statement like '%join public.tires t%limit 25%' or statement like '%from public.invoices%limit 25%'`,
        );
      }),
    );
    const plansOf = (pattern: RegExp) => plans.filter((row) => pattern.test(row.statement)).map(({ generic_plans, custom_plans }) => ({ generic_plans, custom_plans }));
    expect(plansOf(/tires t[\s\S]*limit 25$/)).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
    expect(plansOf(/invoices[\s\S]*limit 25$/)).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
    expect(plansOf(/tires t[\s\S]*limit 25 offset \$\d+$/)).toHaveLength(1);
  });

  it('reads a picker search in name order from the words index, not every product that holds the word', async () => {
    const tag = uniqueTag();
    for (const n of [1, 2, 3]) await send('POST', '/api/inventories', { name: `Valve ${n} ${tag}`, category: 'parts', unit_price: 1 });
    const statements: { sql: string; params: unknown[] }[] = [];
    const plans = await h.withDb(async (db) => {
      const recording: Db = { ...db, query: (sql, params = []) => (statements.push({ sql, params }), db.query(sql, params)) };
      const page = await productChoices(recording, parse(productsQuery, { search: tag, per_page: '2' }));
      expect(page.data).toHaveLength(2);
      expect(page.total).toBe(3);
      // With sorts and sequential scans switched off the plans show whether an index gives the order.
      return db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        await tx.query('set local enable_sort = off');
        const reads = statements.filter((statement) => statement.sql.includes('product_words'));
        expect(reads).toHaveLength(2);
        return Promise.all(reads.map((read) => tx.query(`explain (format json) ${read.sql}`, read.params)));
      });
    });
    for (const plan of plans) {
      const text = JSON.stringify(plan);
      expect(text).toContain('product_words_word_idx');
      expect(text).not.toContain('"Sort"');
    }
  });

  it('puts a shop supply in the alerts at its own minimum', async () => {
    const name = `Gloves ${uniqueTag()}`;
    const item = (await send('POST', '/api/inventories', { name, category: 'accessories', min_stock: 4, current_stock: 5, unit_price: 3, location_id: f.downtownId })).body.data;
    const alerted = async () => {
      const answer = await send('GET', `/api/inventories?search=${encodeURIComponent(name)}&lowStock=1`);
      return answer.body.data.map((row: { id: number }) => row.id);
    };
    expect(await alerted()).toEqual([]);
    await send('PUT', `/api/inventories/${item.id}`, { name, category: 'accessories', min_stock: 5, current_stock: 5, unit_price: 3 });
    expect(await alerted()).toEqual([item.id]);
    const [row] = await h.withDb((db) => db.query<{ low_stock_at: number }>('select low_stock_at from public.products where id = $1', [item.id]));
    expect(row.low_stock_at).toBe(5);
    await send('PUT', `/api/inventories/${item.id}`, { name, category: 'accessories', min_stock: 2, current_stock: 5, unit_price: 3 });
    expect(await alerted()).toEqual([]);
    await expectCountsToAddUp();
    await send('DELETE', `/api/inventories/${item.id}`);
    await expectTotalsToAddUp();
    await expectCountsToAddUp();
  });
});
