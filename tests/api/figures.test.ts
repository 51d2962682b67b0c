import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, createUser, signIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/*
 * Figures that agree from page to page. A tire T (cost 60, price 100) counted in 12 at Downtown
 * and 5 of them moved to Northside; a battery B (cost 70, price 120) 20 at Downtown; a wiper W
 * (cost 6, price 15) 3 at Downtown; a shop supply S (cost 2, price 5) 30 at Downtown with a
 * minimum of 10, and a service. Staff of Northside sign in with it as their home branch.
 */

let h: Harness;
let admin: string;
let staff: string;
let f: CatalogueFixture;
const ids = { tire: 0, battery: 0, wiper: 0, supply: 0, service: 0 };

const get = async (token: string, path: string): Promise<any> => {
  const answer = await call(h, 'GET', path, { token });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
};
const created = async (path: string, body: unknown): Promise<any> => {
  const answer = await call(h, 'POST', path, { token: admin, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.data;
};
const adjust = (id: number, location_id: number, delta: number) =>
  created(`/api/products/${id}/stock-adjustments`, { location_id, delta, reason: 'count_correction' });

beforeAll(async () => {
  h = await createHarness();
  ({ token: admin } = await signIn(h));
  f = await catalogueFixture(h);
  const tag = f.tag;
  const [madeIn, batteryBrand] = await h.withDb(async (db) => [
    Number((await db.query<{ id: number }>('insert into public.made_ins (name) values ($1) returning id', [`Japan ${tag}`]))[0].id),
    Number((await db.query<{ id: number }>('insert into public.battery_brands (name) values ($1) returning id', [`Volta ${tag}`]))[0].id),
  ]);
  ids.tire = (await created('/api/tires', tireBody(f, { quantity: 12, cost_price: 60, selling_price: 100 }))).id;
  await created(`/api/products/${ids.tire}/stock-transfers`, { from_location_id: f.downtownId, to_location_id: f.northsideId, quantity: 5 });
  ids.battery = (
    await created('/api/batteries', {
      battery_name: `Volta 70 ${tag}`, battery_brand_id: batteryBrand, made_in_id: madeIn, battery_shape: 'thick', ampere: 70, reversed: 0,
      battery_type: 'acid', location_id: f.downtownId, inventory_quantity: 20, date_received: '2026-11-02', cost_price: 70, selling_price: 120,
    })
  ).id;
  ids.wiper = (
    await created('/api/wiper-products', {
      size: 22, type: `Beam ${tag}`, frame_material: 'Rubber', compatibility_year: 2020, compatible_cars: `Civic ${tag}`, made_in_id: madeIn,
      cost_price: 6, selling_price: 15,
    })
  ).id;
  await adjust(ids.wiper, f.downtownId, 3);
  ids.supply = (
    await created('/api/inventories', {
      name: `Valve caps ${tag}`, category: 'parts', current_stock: 30, min_stock: 10, unit_price: 5, cost_price: 2, location_id: f.downtownId,
    })
  ).id;
  ids.service = (await created('/api/services', { name: `Fitting ${tag}`, selling_price: 25, active: true })).id;

  const { email, password } = await createUser(h, 'staff');
  await h.withDb((db) => db.query('update public.users set home_location_id = $2 where email = $1', [email, f.northsideId]));
  const login = await call(h, 'POST', '/api/auth/login', { body: { email, password } });
  expect(login.body.user.home_location_id).toBe(f.northsideId);
  staff = login.body.token;
});

afterAll(async () => {
  await h?.close();
});

describe('the inventory report and the dashboard', () => {
  it('give the same stock units and value: the report’s grand total counts shop supplies, in a section of their own', async () => {
    for (const branch of ['', `?location_id=${f.downtownId}`, `?location_id=${f.northsideId}`]) {
      const [report, board] = await Promise.all([get(admin, `/api/reports/inventory-summary${branch}`), get(admin, `/api/dashboard${branch}`)]);
      expect(report.grand_total.total_quantity, branch).toBe(board.stock_units);
      // The dashboard's stock value counts what is on its way between branches too.
      const { grand_total: all } = report;
      expect({ cost: all.cost_value + all.in_transit_value, retail: all.retail_value + all.in_transit_retail_value }, branch).toEqual(board.stock_value);
      // The grand total is the three groups and the shop supplies.
      const parts = [...report.totals, report.supplies_total];
      expect(report.grand_total.total_quantity).toBe(parts.reduce((sum: number, part: any) => sum + part.total_quantity, 0));
      expect(report.totals.map((type: any) => type.product_type)).toEqual(['Tires', 'Batteries', 'Wipers']);
    }

    const downtown = await get(admin, `/api/reports/inventory-summary?location_id=${f.downtownId}`);
    const road = { in_transit_quantity: 0, in_transit_value: 0, in_transit_retail_value: 0 };
    // T 7, B 20, W 3 and S 30 at Downtown.
    expect(downtown.supplies).toEqual([
      { location: { id: f.downtownId, name: f.names.downtown }, total_quantity: 30, unique_products: 1, cost_value: 60, retail_value: 150, ...road },
    ]);
    expect(downtown.supplies_total).toEqual({ total_quantity: 30, unique_products: 1, cost_value: 60, retail_value: 150, ...road });
    expect(downtown.grand_total).toEqual({
      total_quantity: 7 + 20 + 3 + 30, unique_products: 4, cost_value: 7 * 60 + 20 * 70 + 3 * 6 + 30 * 2, retail_value: 7 * 100 + 20 * 120 + 3 * 15 + 30 * 5, ...road,
    });
    expect(downtown.summary.map((row: any) => row.product_type)).toEqual(['Tires', 'Batteries', 'Wipers']);
  });

  it('count the same low stock: a product at a branch at or below its low stock level', async () => {
    for (const branch of ['', `?location_id=${f.downtownId}`, `?location_id=${f.northsideId}`]) {
      const [report, board] = await Promise.all([get(admin, `/api/reports/inventory-summary${branch}`), get(admin, `/api/dashboard${branch}`)]);
      expect(board.low_stock_count, branch).toBe(report.low_stock_total);
      expect(board.inventory_status.low + board.inventory_status.out).toBe(board.low_stock_count);
    }
    // T 7 and W 3 at Downtown, T 5 at Northside; B 20 and S 30 (above its minimum of 10) are not low.
    const low = async (location: number) =>
      (await get(admin, `/api/reports/inventory-summary?location_id=${location}`)).low_stock_items.map((item: any) => [item.id, item.quantity]);
    expect(await low(f.downtownId)).toEqual([[ids.wiper, 3], [ids.tire, 7]]);
    expect(await low(f.northsideId)).toEqual([[ids.tire, 5]]);
    expect((await get(admin, `/api/dashboard?location_id=${f.downtownId}`)).low_stock_count).toBe(2);

    // The whole shop counts each branch's shelf: T is low at both branches though 12 in all. The list
    // shows the lowest 100: where test files share a database, this file's rows may be past them.
    const all = await get(admin, '/api/reports/inventory-summary');
    const mine = all.low_stock_items.filter((item: any) => Object.values(ids).includes(item.id));
    if (all.low_stock_items.length < 100) expect(mine.map((item: any) => [item.id, item.location.id])).toEqual([
      [ids.wiper, f.downtownId], [ids.tire, f.northsideId], [ids.tire, f.downtownId],
    ]);
  });
});

describe('stock on lists', () => {
  const search = (path: string) => `${path}?search=${f.tag}`;
  const row = async (token: string, path: string, id: number) => (await get(token, search(path))).data.find((item: any) => item.id === id);

  it('gives staff their home branch’s stock beside the chain’s total, which a move at another branch does not change', async () => {
    const lists = [
      ['/api/tires', ids.tire, 'quantity', 5, 12],
      ['/api/batteries', ids.battery, 'inventory_quantity', 0, 20],
      ['/api/wiper-products', ids.wiper, 'quantity', 0, 3],
      ['/api/inventories', ids.supply, 'current_stock', 0, 30],
    ] as const;
    for (const [path, id, total, branch, all] of lists) {
      expect(await row(staff, path, id), path).toMatchObject({ branch_stock: branch, [total]: all });
    }
    const picked = async (token: string, query = '') =>
      (await get(token, `/api/products?search=${f.tag}${query}`)).data.find((item: any) => item.id === ids.tire);
    expect(await picked(staff)).toMatchObject({ stock: 12, branch_stock: 5, total_stock: 12 });
    expect(await picked(staff, `&location_id=${f.downtownId}`)).toMatchObject({ stock: 7, branch_stock: 7, total_stock: 12 });

    await adjust(ids.tire, f.downtownId, 4);
    expect(await row(staff, '/api/tires', ids.tire)).toMatchObject({ branch_stock: 5, quantity: 16 });
    expect(await picked(staff)).toMatchObject({ stock: 16, branch_stock: 5, total_stock: 16 });
    await adjust(ids.tire, f.northsideId, -2);
    expect(await row(staff, '/api/tires', ids.tire)).toMatchObject({ branch_stock: 3, quantity: 14 });

    // Without a home branch there is no branch to put first; a service has no stock.
    expect((await row(admin, '/api/tires', ids.tire)).branch_stock).toBeNull();
    expect(await picked(admin)).toMatchObject({ stock: 14, branch_stock: null, total_stock: 14 });
    const service = (await get(staff, `/api/products?search=${f.tag}&type=service`)).data[0];
    expect(service).toMatchObject({ id: ids.service, stock: null, branch_stock: null, total_stock: null });
  });
});
