import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgliteDb } from '../../worker/src/db/pglite.ts';
import { DEMO_LOGIN } from '../../worker/src/demo/shop.ts';
import { openEmbedded, projectRoot } from '../../worker/src/node/runtime.ts';
import { startApp, type RunningApp } from '../support/browser.ts';

const dist = (file: string) => join(projectRoot, 'dist', file);
const built = ['node.mjs', 'cli.mjs', 'backup.mjs'].every((file) => existsSync(dist(file)));
if (!built && process.env.CI) throw new Error('The server tests need the built app (npm run build).');

const run = promisify(execFile);
/** `npm run backup` / `npm run restore` (or another built command) on the embedded database in `dataDir`. */
const command = (file: string, dataDir: string, args: string[]) =>
  run(process.execPath, [dist(file), ...args], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } });

const folders: string[] = [];
const newFolder = (name: string) => {
  folders.push(mkdtempSync(join(tmpdir(), `wheelhouse-${name}-`)));
  return folders[folders.length - 1];
};
const today = new Date().toISOString().slice(0, 10);

async function withDatabase<T>(dataDir: string, work: (db: PgliteDb) => Promise<T>): Promise<T> {
  const db = await openEmbedded(dataDir);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * What a shop's database holds: every table's row count and a digest of all its rows, and, to read
 * in a failure, the documents' numbers, the stock levels and the money.
 */
const contents = (dataDir: string) =>
  withDatabase(dataDir, async (db) => {
    const tables: Record<string, unknown> = {};
    for (const { name } of await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) {
      [tables[name]] = await db.query(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from public.${name} t`);
    }
    const numbers = async (table: string) => (await db.query<{ number: string }>(`select number from public.${table} where number is not null order by number`)).map((row) => row.number);
    return {
      tables,
      numbers: { invoices: await numbers('invoices'), sales: await numbers('sales'), purchases: await numbers('purchases'), receipts: await numbers('receipts') },
      stock: (await db.query<{ level: string }>(`select product_id || '@' || location_id || '=' || quantity as level from public.stock_levels order by product_id, location_id`)).map((row) => row.level),
      money: (
        await db.query(
          `select (select sum(net_amount) from public.invoices) as invoiced, (select sum(net_amount) from public.sales) as sold,
                  (select sum(amount) from public.receipts) as receipts, (select sum(quantity) from public.stock_levels) as units`,
        )
      )[0],
    };
  });

describe.skipIf(!built)('backups and crashes of the embedded database', () => {
  /** A stopped shop: the demo data a first start loads, with products to sell at one branch. */
  let template: string;
  let shop: { customerId: number; locationId: number; products: number[]; lastSaleId: number };
  const apps: RunningApp[] = [];
  const start = async (dataDir: string) => {
    const app = await startApp({ dataDir });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    const first = await startApp({ fresh: true });
    await first.stop();
    template = first.dataDir;
    shop = await withDatabase(template, async (db) => {
      const [place] = await db.query<{ location_id: number }>(
        `select location_id from public.stock_levels group by location_id order by sum(quantity) desc limit 1`,
      );
      const products = await db.query<{ product_id: number }>(
        `select l.product_id from public.stock_levels l join public.products p on p.id = l.product_id
          where l.location_id = $1 and p.active and l.quantity >= 20 order by l.product_id limit 4`,
        [place.location_id],
      );
      const [customer] = await db.query<{ id: number }>(`select id from public.customers order by id limit 1`);
      const [last] = await db.query<{ id: number }>(`select coalesce(max(id), 0) as id from public.sales`);
      return {
        customerId: Number(customer.id),
        locationId: Number(place.location_id),
        products: products.map((row) => Number(row.product_id)),
        lastSaleId: Number(last.id),
      };
    });
    expect(shop.products).toHaveLength(4);
  });
  afterAll(async () => {
    for (const app of apps) await app.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const copyOfShop = () => {
    const dataDir = newFolder('shop');
    cpSync(template, dataDir, { recursive: true });
    return dataDir;
  };
  const signIn = async (app: RunningApp) => {
    const response = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    });
    expect(response.status).toBe(200);
    const { token } = await response.json();
    return (method: string, path: string, body?: unknown) =>
      fetch(`${app.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
  };
  /** A counter sale of one unit each of two of the shop's products, completed, with 10.00 paid. */
  const saleBody = (i: number) => ({
    customer_id: shop.customerId,
    location_id: shop.locationId,
    sale_date: today,
    status: 'completed',
    payment_method: 'cash',
    amount_paid: 10,
    items: [shop.products[i % 4], shop.products[(i + 1) % 4]].map((product_id) => ({ product_id, quantity: 1, selling_price: 50, discount: 0 })),
  });

  it('backs up the shop while the server runs and after, and restores each copy into a new folder with every record, number and stock level', async () => {
    const dataDir = copyOfShop();
    let app = await start(dataDir);
    const api = await signIn(app);
    // Answered a moment before the backup: the copy has it.
    const sold = await api('POST', '/sales', saleBody(0));
    expect(sold.status).toBe(201);
    const sale = (await sold.json()).data;

    const backups = newFolder('backups');
    const whileRunning = await command('backup.mjs', dataDir, [backups]);
    expect(whileRunning.stdout).toContain('(from the running server)');
    const [, running] = /to (\S+\.tar\.gz)/.exec(whileRunning.stdout)!;
    expect(running).toMatch(/wheelhouse-\d{4}-\d\d-\d\dT\d{4}\.tar\.gz$/);
    expect(statSync(running).mode & 0o777).toBe(0o600);
    // Only the account that owns the data folder can reach the socket the server answers backups on.
    expect(statSync(join(dataDir, 'control.sock')).mode & 0o077).toBe(0);
    // No other process opens the folder while the server has it (two would undo each other's work).
    await expect(command('cli.mjs', dataDir, ['--email', 'clerk@example.test', '--password', 'first-password'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Another Wheelhouse process is using the embedded database'),
    });

    await app.stop();
    const stopped = join(backups, 'stopped.tar.gz');
    expect((await command('backup.mjs', dataDir, [stopped])).stdout).toContain('(with no server running)');

    // Into data folders that do not exist yet, which are made for this account only.
    const restored = [join(newFolder('restored'), 'data'), join(newFolder('restored'), 'data')];
    const restores = [[restored[0], running], [restored[1], stopped]].map(([folder, file]) => command('backup.mjs', folder, ['--restore', file]));
    for (const [i, restore] of (await Promise.all(restores)).entries()) expect(restore.stdout).toContain(`Restored ${[running, stopped][i]} into ${restored[i]}`);
    expect(statSync(restored[0]).mode & 0o777).toBe(0o700);
    await expect(command('backup.mjs', restored[0], ['--restore', stopped])).rejects.toMatchObject({
      stderr: expect.stringContaining('already holds a database: restore into an empty data folder'),
    });

    const original = await contents(dataDir);
    expect(original.numbers.sales).toContain(sale.number);
    expect(original.stock.length).toBeGreaterThan(0);
    expect(await contents(restored[0])).toEqual(original);
    expect(await contents(restored[1])).toEqual(original);

    // The server runs on a restored folder; sign-ins start afresh (the signing key is not in the backup).
    app = await start(restored[0]);
    const again = await signIn(app);
    expect((await (await again('GET', `/sales/${sale.id}`)).json()).data).toMatchObject({ number: sale.number, status: 'completed' });
    await app.stop();
  });

  it('keeps every answered sale whole, and no half-written one, when the server is killed while completing 40 at once', async () => {
    const dataDir = copyOfShop();
    let app = await start(dataDir);
    const api = await signIn(app);

    // Killed halfway through the sale after the eighth answer, when PGlite is most likely amid one.
    // Half a sale at the pace of the last one: the first sales, still warming up, are slower than the rest.
    let answered = 0;
    let lastAnswer = 0;
    let killed: Promise<void> | undefined;
    const attempts = await Promise.allSettled(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await api('POST', '/sales', saleBody(i));
        const body = await response.json();
        const now = Date.now();
        const halfASale = (now - lastAnswer) / 2;
        lastAnswer = now;
        answered += 1;
        if (answered === 8) killed = new Promise((resolve) => setTimeout(resolve, halfASale)).then(() => app.stop('SIGKILL'));
        return { status: response.status, sale: body.data as { id: number; number: string } };
      }),
    );
    await killed;
    const done = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' && attempt.value.status === 201 ? [attempt.value.sale] : []));
    expect(done.length).toBeGreaterThanOrEqual(8);
    expect(attempts.filter((attempt) => attempt.status === 'rejected').length).toBeGreaterThan(0);

    // It starts again on the same folder (PGlite replays its log), and answers.
    app = await start(dataDir);
    expect((await (await (await signIn(app))('GET', `/sales/${done[0].id}`)).json()).data).toMatchObject({ number: done[0].number });
    await app.stop();

    await withDatabase(dataDir, async (db) => {
      const sales = await db.query<{ id: number; number: string; status: string; lines: number; units: number; moved: number; items: number; subtotal: number; summed: number; paid: number; receipts: number }>(
        `select s.id, s.number, s.status, s.subtotal, s.total_paid as paid,
                (select count(*)::int from public.sale_items i where i.sale_id = s.id and i.line_kind = 'item') as lines,
                (select coalesce(sum(i.quantity), 0)::int from public.sale_items i where i.sale_id = s.id and i.line_kind = 'item') as units,
                (select coalesce(sum(i.line_total), 0) from public.sale_items i where i.sale_id = s.id and i.line_kind = 'item') as items,
                (select coalesce(sum(i.line_total), 0) from public.sale_items i where i.sale_id = s.id) as summed,
                (select coalesce(-sum(m.delta), 0)::int from public.stock_moves m where m.document_type = 'Sale' and m.document_id = s.id) as moved,
                (select coalesce(sum(r.amount), 0) from public.receipts r where r.receiptable_type = 'Sale' and r.receiptable_id = s.id) as receipts
           from public.sales s where s.id > $1 order by s.id`,
        [shop.lastSaleId],
      );
      // Every answered sale is there as it was answered, and every sale written at all is whole.
      const kept = new Map(sales.map((row) => [Number(row.id), row]));
      for (const sale of done) expect(kept.get(Number(sale.id))?.number, `sale ${sale.number}`).toBe(sale.number);
      for (const row of sales) {
        // Two items (and the fees that follow them, which the subtotal adds).
        expect(row, `sale ${row.number}`).toMatchObject({ status: 'completed', lines: 2, units: 2, moved: 2, items: 100, subtotal: row.summed, paid: 10, receipts: 10 });
      }
      // The numbers of the year's sales are gapless.
      const year = today.slice(0, 4);
      const [series] = await db.query<{ next_value: number; issued: number }>(
        `select d.next_value, (select count(*)::int from public.sales s where s.number like '%-' || d.year || '-%') as issued
           from public.document_series d where d.series = 'sale' and d.year = $1`,
        [Number(year)],
      );
      expect(series.next_value - 1).toBe(series.issued);
      // At every branch each product's moves add up to its level, and its levels to its total.
      expect(
        await db.query(
          `select l.product_id, l.location_id, l.quantity, coalesce(sum(m.delta), 0)::int as moves
             from public.stock_levels l left join public.stock_moves m on m.product_id = l.product_id and m.location_id = l.location_id
            group by l.product_id, l.location_id, l.quantity having l.quantity <> coalesce(sum(m.delta), 0)`,
        ),
      ).toEqual([]);
      expect(
        await db.query(
          `select p.id, p.total_stock, coalesce(sum(l.quantity), 0)::int as levels
             from public.products p left join public.stock_levels l on l.product_id = p.id
            group by p.id, p.total_stock having p.total_stock <> coalesce(sum(l.quantity), 0)`,
        ),
      ).toEqual([]);
    });
  });
});
