import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, putAsRead } from '../support/api.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
const tag = uniqueTag();
const names = {
  brand: `Volta ${tag}`,
  otherBrand: `Ampro ${tag}`,
  madeIn: `Korea ${tag}`,
  downtown: `Downtown ${tag}`,
  northside: `Northside ${tag}`,
};
const ids = { brand: 0, otherBrand: 0, madeIn: 0, downtown: 0, northside: 0 };
const year = new Date().getFullYear();

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  await h.withDb(async (db) => {
    const insert = async (sql: string, params: unknown[]) => Number((await db.query<{ id: number }>(`${sql} returning id`, params))[0].id);
    ids.brand = await insert('insert into public.battery_brands (name) values ($1)', [names.brand]);
    ids.otherBrand = await insert('insert into public.battery_brands (name) values ($1)', [names.otherBrand]);
    ids.madeIn = await insert('insert into public.made_ins (name) values ($1)', [names.madeIn]);
    ids.downtown = await insert('insert into public.locations (name, address) values ($1, $2)', [names.downtown, '1 Main St']);
    ids.northside = await insert('insert into public.locations (name, address) values ($1, $2)', [names.northside, '2 North Rd']);
  });
});
afterAll(() => h.close());

const send = (method: string, path: string, body?: unknown) => call(h, method, path, { token, body });

async function create(path: string, body: Record<string, unknown>) {
  const answer = await send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

const moves = async (id: number) => (await send('GET', `/api/products/${id}/stock-moves`)).body.data;

async function stockAt(id: number) {
  const answer = await send('GET', `/api/products/${id}/stock`);
  const rows: { location_id: number; quantity: number }[] = answer.body.data;
  return Object.fromEntries(rows.filter((row) => row.location_id === ids.downtown || row.location_id === ids.northside).map((row) => [row.location_id, row.quantity]));
}

/** Every id that is not a record of that kind: missing, not an id, or a product of another kind. */
async function expectNotFound(path: string, message: string, otherKindId: number, body: Record<string, unknown>) {
  for (const id of ['999999999', '0', 'abc', String(otherKindId)]) {
    for (const [method, payload] of [['GET'], ['PUT', body], ['DELETE']] as const) {
      const answer = await send(method, `${path}/${id}`, payload);
      expect(answer.status, `${method} ${path}/${id}`).toBe(404);
      expect(answer.body).toEqual({ message });
    }
  }
}

const batteryBody = (overrides: Record<string, unknown> = {}) => ({
  battery_name: `Volta 60 ${tag}`,
  battery_brand_id: ids.brand,
  made_in_id: ids.madeIn,
  battery_shape: 'thick',
  ampere: 60,
  reversed: 1,
  battery_type: 'acid',
  location_id: ids.downtown,
  inventory_quantity: 8,
  date_received: '2026-11-02',
  cost_price: 70,
  selling_price: 109.5,
  notes: 'Top shelf',
  ...overrides,
});

const wiperBody = (overrides: Record<string, unknown> = {}) => ({
  size: 22,
  type: 'Beam',
  frame_material: 'Rubber',
  compatibility_year: 2020,
  compatible_cars: `Civic, Corolla ${tag}`,
  made_in_id: ids.madeIn,
  cost_price: 6,
  selling_price: 14.99,
  ...overrides,
});

const itemBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Engine oil 5W-30 ${tag}`,
  category: 'oils',
  current_stock: 4,
  unit_price: 32.5,
  cost_price: 20,
  location_id: ids.downtown,
  ...overrides,
});

describe('batteries', () => {
  it('creates a battery with its opening stock at its branch, and reads it back', async () => {
    const battery = await create('/api/batteries', batteryBody());
    expect(battery).toMatchObject({
      name: `Volta 60 ${tag}`,
      battery_name: `Volta 60 ${tag}`,
      battery_brand_id: ids.brand,
      battery_brand: { id: ids.brand, name: names.brand },
      made_in_id: ids.madeIn,
      made_in: { id: ids.madeIn, name: names.madeIn },
      location_id: ids.downtown,
      location: { id: ids.downtown, name: names.downtown },
      date_received: '2026-11-02',
      cost_price: 70,
      selling_price: 109.5,
      inventory_quantity: 8,
      inventory: [{ location_id: ids.downtown, location_name: names.downtown, quantity: 8 }],
      notes: 'Top shelf',
      battery_shape: 'thick',
      product_shape: 'thick',
      ampere: 60,
      reversed: true,
      battery_type: 'acid',
    });
    expect((await send('GET', `/api/batteries/${battery.id}`)).body.data).toEqual(battery);

    const history = await moves(battery.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ delta: 8, reason: 'opening', location: { id: ids.downtown, name: names.downtown } });
    expect(await stockAt(battery.id)).toEqual({ [ids.downtown]: 8, [ids.northside]: 0 });

    const picker = await send('GET', `/api/products?type=battery&search=${encodeURIComponent(`Volta 60 ${tag}`)}`);
    expect(picker.body.data).toEqual([{ id: battery.id, type: 'battery', name: `Volta 60 ${tag}`, selling_price: 109.5, cost_price: 70, stock: 8, branch_stock: null, total_stock: 8 }]);
    // An empty filter is no filter, as on every other list.
    const anyType = await send('GET', `/api/products?type=&search=${encodeURIComponent(`Volta 60 ${tag}`)}`);
    expect(anyType.body.data).toEqual(picker.body.data);
  });

  it('accepts reversed as true/false, 1/0 or "1"/"0", leaves optional fields empty, and records no move for no stock', async () => {
    for (const [reversed, expected] of [[false, false], ['1', true], ['0', false], [0, false], [true, true]] as const) {
      const battery = await create('/api/batteries', batteryBody({ reversed, inventory_quantity: 0, date_received: '', cost_price: '', selling_price: undefined, notes: '  ' }));
      expect(battery).toMatchObject({ reversed: expected, inventory_quantity: 0, inventory: [], date_received: null, cost_price: 0, selling_price: 0, notes: null });
      expect(await moves(battery.id)).toEqual([]);
    }
  });

  it("gives the specification's messages for every missing or wrong field", async () => {
    const missing = await send('POST', '/api/batteries', {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Battery name is required');
    expect(missing.body.errors).toEqual({
      battery_name: ['Battery name is required'],
      battery_brand_id: ['Battery brand is required'],
      made_in_id: ['Made in is required'],
      battery_shape: ['Shape is required'],
      ampere: ['Ampere is required'],
      reversed: ['Reversed is required'],
      battery_type: ['Battery type is required'],
      location_id: ['Location is required'],
      inventory_quantity: ['Quantity is required'],
    });
    const blank = await send('POST', '/api/batteries', batteryBody({ battery_name: ' ', battery_shape: '', reversed: '', battery_type: '', ampere: '' }));
    expect(blank.body.errors).toEqual({
      battery_name: ['Battery name is required'],
      battery_shape: ['Shape is required'],
      reversed: ['Reversed is required'],
      battery_type: ['Battery type is required'],
      ampere: ['Ampere is required'],
    });
    const wrong = await send(
      'POST',
      '/api/batteries',
      batteryBody({ battery_shape: 'round', battery_type: 'nickel', reversed: 'maybe', ampere: 1.5, inventory_quantity: -1, selling_price: 1.234, date_received: '2026-02-30' }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      battery_shape: ['Shape must be thin or thick'],
      battery_type: ['Battery type must be gel, acid or lithium'],
      reversed: ['Reversed must be yes or no'],
      ampere: ['Ampere must be a whole number'],
      inventory_quantity: ['Quantity must be at least 0'],
      selling_price: ['Selling price must have at most 2 decimals'],
      date_received: ['Date received must be a valid date'],
    });
    expect((await send('POST', '/api/batteries', batteryBody({ ampere: 0 }))).body.errors).toEqual({ ampere: ['Ampere must be at least 1'] });
  });

  it('refuses references to records that do not exist', async () => {
    const answer = await send('POST', '/api/batteries', batteryBody({ battery_brand_id: 999999999, made_in_id: 999999999, location_id: 999999999 }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'The selected battery brand does not exist',
      errors: {
        battery_brand_id: ['The selected battery brand does not exist'],
        made_in_id: ['The selected made in does not exist'],
        location_id: ['The selected location does not exist'],
      },
    });
  });

  it('updates a battery; a new total is counted as a correction at its branch, and never below zero there', async () => {
    const battery = await create('/api/batteries', batteryBody({ battery_name: `Update me ${tag}` }));
    const changes = {
      battery_name: `Ampro 74 ${tag}`,
      battery_brand_id: ids.otherBrand,
      battery_shape: 'thin',
      ampere: 74,
      reversed: 0,
      battery_type: 'lithium',
      inventory_quantity: 11,
      selling_price: 129,
      notes: '',
    };
    const updated = await putAsRead(h, token, `/api/batteries/${battery.id}`, batteryBody(changes));
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      ...changes,
      name: changes.battery_name,
      battery_brand: { id: ids.otherBrand, name: names.otherBrand },
      product_shape: 'thin',
      reversed: false,
      inventory_quantity: 11,
      notes: null,
    });
    expect(updated.body.data.created_at).toBe(battery.created_at);
    expect((await moves(battery.id)).map((move: { delta: number; reason: string }) => [move.delta, move.reason])).toEqual([
      [3, 'count_correction'],
      [8, 'opening'],
    ]);

    // Counting the stock down at the other branch, which holds none: refused, and nothing changes.
    const tooFew = await putAsRead(h, token, `/api/batteries/${battery.id}`, batteryBody({ ...changes, battery_name: 'Renamed', location_id: ids.northside, inventory_quantity: 5 }));
    expect(tooFew.status).toBe(409);
    expect(tooFew.body).toEqual({ message: `Not enough stock at ${names.northside}: only 0 available.` });
    const after = (await send('GET', `/api/batteries/${battery.id}`)).body.data;
    expect(after).toMatchObject({ name: changes.battery_name, location_id: ids.downtown, inventory_quantity: 11 });
    expect(await stockAt(battery.id)).toEqual({ [ids.downtown]: 11, [ids.northside]: 0 });

    const same = await send('PUT', `/api/batteries/${battery.id}`, batteryBody({ ...changes, location_id: ids.northside }));
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ location: { id: ids.northside, name: names.northside }, inventory_quantity: 11 });
    expect(await moves(battery.id)).toHaveLength(2);
  });

  it('lists batteries by name, searches name and brand, filters by brand and type, and pages', async () => {
    const listTag = uniqueTag();
    for (const [name, brand, type] of [
      ['A gel', ids.brand, 'gel'],
      ['B acid', ids.otherBrand, 'acid'],
      ['C gel', ids.otherBrand, 'gel'],
    ] as const) {
      await create('/api/batteries', batteryBody({ battery_name: `${name} ${listTag}`, battery_brand_id: brand, battery_type: type, inventory_quantity: 0 }));
    }
    const list = async (query: string) => {
      const answer = await send('GET', `/api/batteries?search=${listTag}&${query}`);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    expect((await list('')).data.map((row: { name: string }) => row.name)).toEqual([`A gel ${listTag}`, `B acid ${listTag}`, `C gel ${listTag}`]);
    expect((await list(`battery_brand_id=${ids.otherBrand}`)).data.map((row: { name: string }) => row.name)).toEqual([`B acid ${listTag}`, `C gel ${listTag}`]);
    expect((await list('battery_type=gel')).total).toBe(2);
    expect((await list(`battery_type=gel&battery_brand_id=${ids.brand}`)).data.map((row: { name: string }) => row.name)).toEqual([`A gel ${listTag}`]);
    expect((await list('battery_type=&battery_brand_id=')).total).toBe(3);
    const paged = await list('per_page=2&page=2');
    expect(paged).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(paged.data.map((row: { name: string }) => row.name)).toEqual([`C gel ${listTag}`]);
    expect(paged.data[0]).toMatchObject({ battery_brand: { name: names.otherBrand }, made_in: { name: names.madeIn }, inventory_quantity: 0 });

    const byBrand = await send('GET', `/api/batteries?search=${encodeURIComponent(names.otherBrand.toUpperCase())}&per_page=100`);
    expect(byBrand.body.data.every((row: { battery_brand: { name: string } }) => row.battery_brand.name === names.otherBrand)).toBe(true);
    expect(byBrand.body.total).toBeGreaterThanOrEqual(2);

    const bad = await send('GET', '/api/batteries?battery_type=nickel');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Battery type must be gel, acid or lithium');
    expect((await send('GET', '/api/batteries?per_page=101')).status).toBe(422);
  });

  it('deletes a battery with its stock; answers 404 for anything that is not a battery', async () => {
    const battery = await create('/api/batteries', batteryBody({ battery_name: `Delete me ${tag}` }));
    expect((await send('DELETE', `/api/batteries/${battery.id}`)).status).toBe(204);
    expect((await send('GET', `/api/products/${battery.id}/stock`)).status).toBe(404);
    const wiper = await create('/api/wiper-products', wiperBody());
    await expectNotFound('/api/batteries', 'Battery not found', wiper.id, batteryBody());
    await expectNotFound('/api/batteries', 'Battery not found', battery.id, batteryBody());
  });

  it('refuses to delete a battery that documents refer to', async () => {
    const battery = await create('/api/batteries', batteryBody({ battery_name: `In use ${tag}` }));
    const table = `public.goods_document_lines_${tag}`;
    await h.withDb((db) => db.exec(`create table ${table} (product_id bigint references public.products (id)); insert into ${table} values (${battery.id})`));
    try {
      const answer = await send('DELETE', `/api/batteries/${battery.id}`);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: 'This battery cannot be deleted because invoices, sales or purchase orders refer to it.' });
      expect((await send('GET', `/api/batteries/${battery.id}`)).status).toBe(200);
    } finally {
      await h.withDb((db) => db.exec(`drop table ${table}`));
    }
  });
});

describe('wiper products', () => {
  it('creates a wiper named by its details, without stock, and updates it', async () => {
    const wiper = await create('/api/wiper-products', { ...wiperBody(), quantity: 40 });
    expect(wiper).toMatchObject({
      name: '22" Beam wiper (Rubber)',
      size: 22,
      type: 'Beam',
      frame_material: 'Rubber',
      compatibility_year: 2020,
      compatible_cars: `Civic, Corolla ${tag}`,
      made_in_id: ids.madeIn,
      made_in: { id: ids.madeIn, name: names.madeIn },
      cost_price: 6,
      selling_price: 14.99,
      quantity: 0,
      inventory: [],
    });
    expect(await moves(wiper.id)).toEqual([]);
    expect((await send('GET', `/api/wiper-products/${wiper.id}`)).body.data).toEqual(wiper);

    const adjusted = await send('POST', `/api/products/${wiper.id}/stock-adjustments`, { location_id: ids.northside, delta: 6, reason: 'count_correction' });
    expect(adjusted.status).toBe(201);
    const updated = await send('PUT', `/api/wiper-products/${wiper.id}`, wiperBody({ size: '24', type: 'Hybrid', frame_material: 'Silicone', compatibility_year: String(year + 1), cost_price: '' }));
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: '24" Hybrid wiper (Silicone)',
      size: 24,
      compatibility_year: year + 1,
      cost_price: 0,
      quantity: 6,
      inventory: [{ location_id: ids.northside, location_name: names.northside, quantity: 6 }],
    });
    const picker = await send('GET', `/api/products?type=wiper&search=${encodeURIComponent('24" Hybrid wiper (Silicone)')}&per_page=100`);
    expect(picker.body.data.map((row: { id: number }) => row.id)).toContain(wiper.id);
  });

  it("gives the specification's messages, and keeps the year between 1900 and next year", async () => {
    const missing = await send('POST', '/api/wiper-products', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      size: ['Size is required'],
      type: ['Type is required'],
      frame_material: ['Frame material is required'],
      compatibility_year: ['Compatibility year is required'],
      compatible_cars: ['Compatible cars is required'],
      made_in_id: ['Made in is required'],
    });
    const range = `Compatibility year must be between 1900 and ${year + 1}`;
    for (const compatibility_year of [1899, year + 2, 2020.5, 'soon']) {
      const answer = await send('POST', '/api/wiper-products', wiperBody({ compatibility_year }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ compatibility_year: [range] });
    }
    expect((await send('POST', '/api/wiper-products', wiperBody({ compatibility_year: 1900 }))).status).toBe(201);
    const size = await send('POST', '/api/wiper-products', wiperBody({ size: 7 }));
    expect(size.body.errors).toEqual({ size: ['Size must be at least 8'] });
    const made = await send('POST', '/api/wiper-products', wiperBody({ made_in_id: 999999999 }));
    expect(made.status).toBe(422);
    expect(made.body.errors).toEqual({ made_in_id: ['The selected made in does not exist'] });
  });

  it('searches name, cars and origin, pages, deletes, and answers 404', async () => {
    const listTag = uniqueTag();
    for (const size of [26, 16, 20]) await create('/api/wiper-products', wiperBody({ size, compatible_cars: `Golf ${listTag}` }));
    const page = await send('GET', `/api/wiper-products?search=golf%20${listTag}&per_page=2`);
    expect(page.body).toMatchObject({ current_page: 1, last_page: 2, total: 3 });
    expect(page.body.data.map((row: { size: number }) => row.size)).toEqual([16, 20]);
    const byOrigin = await send('GET', `/api/wiper-products?search=${encodeURIComponent(names.madeIn)}&per_page=100`);
    expect(byOrigin.body.total).toBeGreaterThanOrEqual(3);
    const byName = await send('GET', `/api/wiper-products?search=${encodeURIComponent('26" beam')}&per_page=100`);
    expect(byName.body.data.some((row: { compatible_cars: string }) => row.compatible_cars === `Golf ${listTag}`)).toBe(true);

    const doomed = page.body.data[0];
    expect((await send('DELETE', `/api/wiper-products/${doomed.id}`)).status).toBe(204);
    const battery = await create('/api/batteries', batteryBody({ inventory_quantity: 0 }));
    await expectNotFound('/api/wiper-products', 'Wiper product not found', battery.id, wiperBody());
    await expectNotFound('/api/wiper-products', 'Wiper product not found', doomed.id, wiperBody());
  });
});

describe('inventory items', () => {
  it('creates an item with its opening stock; low while the stock is at or below its minimum (10 by default)', async () => {
    const item = await create('/api/inventories', itemBody());
    expect(item).toMatchObject({
      name: `Engine oil 5W-30 ${tag}`,
      category: 'oils',
      current_stock: 4,
      min_stock: 10,
      unit_price: 32.5,
      cost_price: 20,
      is_low: true,
      inventory: [{ location_id: ids.downtown, location_name: names.downtown, quantity: 4 }],
    });
    expect((await send('GET', `/api/inventories/${item.id}`)).body.data).toEqual(item);
    expect(await moves(item.id)).toMatchObject([{ delta: 4, reason: 'opening', location: { id: ids.downtown } }]);

    const atMinimum = await putAsRead(h, token, `/api/inventories/${item.id}`, itemBody({ current_stock: 10, location_id: ids.northside }));
    expect(atMinimum.status).toBe(200);
    expect(atMinimum.body.data).toMatchObject({ current_stock: 10, is_low: true });
    expect(await stockAt(item.id)).toEqual({ [ids.downtown]: 4, [ids.northside]: 6 });
    const above = await putAsRead(h, token, `/api/inventories/${item.id}`, itemBody({ current_stock: 10, min_stock: 9, unit_price: '35' }));
    expect(above.body.data).toMatchObject({ current_stock: 10, min_stock: 9, unit_price: 35, is_low: false });

    const tooFew = await putAsRead(h, token, `/api/inventories/${item.id}`, itemBody({ current_stock: 0, location_id: ids.northside, name: 'Renamed' }));
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe(`Not enough stock at ${names.northside}: only 6 available.`);
    expect((await send('GET', `/api/inventories/${item.id}`)).body.data).toMatchObject({ name: itemBody().name, current_stock: 10 });
    expect((await moves(item.id)).map((move: { delta: number; reason: string }) => [move.delta, move.reason])).toEqual([
      [6, 'count_correction'],
      [4, 'opening'],
    ]);
  });

  it('counts the stock at the first branch when no location is given', async () => {
    const item = await create('/api/inventories', { name: `Wiper fluid ${tag}`, category: 'accessories', current_stock: '3', unit_price: '4.25' });
    const [first] = await h.withDb((db) => db.query<{ id: number }>('select id from public.locations order by id limit 1'));
    expect(item.inventory).toMatchObject([{ location_id: Number(first.id), quantity: 3 }]);
    expect(item).toMatchObject({ min_stock: 10, cost_price: 0, unit_price: 4.25 });
    const none = await create('/api/inventories', { name: `Fuses ${tag}`, category: 'parts', unit_price: 1 });
    expect(none).toMatchObject({ current_stock: 0, is_low: true, inventory: [] });
  });

  it('says what is wrong with the input', async () => {
    const missing = await send('POST', '/api/inventories', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ['Name is required'], category: ['Category is required'], unit_price: ['Unit price is required'] });
    const wrong = await send('POST', '/api/inventories', itemBody({ category: 'tyres', current_stock: -2, min_stock: 2.5, unit_price: -1 }));
    expect(wrong.body.errors).toEqual({
      category: ['Category must be batteries, oils, parts or accessories'],
      current_stock: ['Current stock must be at least 0'],
      min_stock: ['Min stock must be a whole number'],
      unit_price: ['Unit price must be at least 0'],
    });
    const place = await send('POST', '/api/inventories', itemBody({ location_id: 999999999 }));
    expect(place.body.errors).toEqual({ location_id: ['The selected location does not exist'] });
  });

  it('filters by category and low stock, searches, pages, deletes, and answers 404', async () => {
    const listTag = uniqueTag();
    const made = [];
    for (const [name, category, current_stock, min_stock] of [
      ['Brake pads', 'parts', 2, 10],
      ['Gear oil', 'oils', 30, 10],
      ['Spark plugs', 'parts', 5, 5],
      ['Terminal clamps', 'batteries', 0, 1],
    ] as const) {
      made.push(await create('/api/inventories', itemBody({ name: `${name} ${listTag}`, category, current_stock, min_stock })));
    }
    const listed = async (query: string) =>
      (await send('GET', `/api/inventories?search=${listTag}&${query}`)).body.data.map((row: { name: string }) => row.name.replace(` ${listTag}`, ''));
    expect(await listed('')).toEqual(['Brake pads', 'Gear oil', 'Spark plugs', 'Terminal clamps']);
    expect(await listed('category=parts')).toEqual(['Brake pads', 'Spark plugs']);
    expect(await listed('lowStock=1')).toEqual(['Brake pads', 'Spark plugs', 'Terminal clamps']);
    expect(await listed('lowStock=true&category=parts')).toEqual(['Brake pads', 'Spark plugs']);
    expect(await listed('lowStock=0')).toHaveLength(4);
    expect(await listed('category=&lowStock=')).toHaveLength(4);
    const paged = await send('GET', `/api/inventories?search=${listTag}&per_page=3&page=2`);
    expect(paged.body).toMatchObject({ current_page: 2, last_page: 2, total: 4 });
    expect((await send('GET', '/api/inventories?category=tyres')).status).toBe(422);
    expect((await send('GET', '/api/inventories?lowStock=maybe')).status).toBe(422);

    expect((await send('DELETE', `/api/inventories/${made[0].id}`)).status).toBe(204);
    expect(await listed('')).toEqual(['Gear oil', 'Spark plugs', 'Terminal clamps']);
    const wiper = await create('/api/wiper-products', wiperBody());
    await expectNotFound('/api/inventories', 'Inventory item not found', wiper.id, itemBody());
    await expectNotFound('/api/inventories', 'Inventory item not found', made[0].id, itemBody());
  });
});

describe('services', () => {
  it('creates, shows, updates, lists and deletes a service, which has no stock', async () => {
    const service = await create('/api/services', { name: `Wheel alignment ${tag}`, description: 'Four wheels, laser', selling_price: '45.00', cost_price: 99 });
    expect(service).toEqual({
      id: service.id,
      name: `Wheel alignment ${tag}`,
      description: 'Four wheels, laser',
      selling_price: 45,
      active: true,
      tax_rate_id: null,
      tax_exempt: false,
      version: service.version,
      created_at: service.created_at,
      updated_at: service.updated_at,
    });
    expect((await send('GET', `/api/services/${service.id}`)).body.data).toEqual(service);
    const stockless = await send('POST', `/api/products/${service.id}/stock-adjustments`, { location_id: ids.downtown, delta: 1, reason: 'count_correction' });
    expect(stockless.status).toBe(409);
    expect(stockless.body.message).toBe('Services have no stock.');
    const picker = await send('GET', `/api/products?type=service&search=${encodeURIComponent(`Wheel alignment ${tag}`)}`);
    expect(picker.body.data).toEqual([{ id: service.id, type: 'service', name: `Wheel alignment ${tag}`, selling_price: 45, cost_price: 0, stock: null, branch_stock: null, total_stock: null }]);

    const updated = await send('PUT', `/api/services/${service.id}`, { name: `Balancing ${tag}`, description: '', selling_price: 20, active: '0' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: `Balancing ${tag}`, description: null, selling_price: 20, active: false });

    await create('/api/services', { name: `Puncture repair ${tag}`, description: 'Plug and patch', selling_price: 15, active: 1 });
    await create('/api/services', { name: `Tyre fitting ${tag}`, selling_price: 10 });
    const list = await send('GET', `/api/services?search=${tag}&per_page=2`);
    expect(list.body).toMatchObject({ total: 3, last_page: 2 });
    expect(list.body.data.map((row: { name: string }) => row.name)).toEqual([`Balancing ${tag}`, `Puncture repair ${tag}`]);
    expect((await send('GET', `/api/services?search=${encodeURIComponent(`plug and patch`)}&per_page=100`)).body.data.map((row: { name: string }) => row.name)).toContain(
      `Puncture repair ${tag}`,
    );

    expect((await send('DELETE', `/api/services/${service.id}`)).status).toBe(204);
    const item = await create('/api/inventories', itemBody());
    await expectNotFound('/api/services', 'Service not found', item.id, { name: 'x', selling_price: 1 });
    await expectNotFound('/api/services', 'Service not found', service.id, { name: 'x', selling_price: 1 });
  });

  it('says what is wrong with the input', async () => {
    const missing = await send('POST', '/api/services', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ['Name is required'], selling_price: ['Selling price is required'] });
    const wrong = await send('POST', '/api/services', { name: 'x', selling_price: -5, active: 'perhaps' });
    expect(wrong.body.errors).toEqual({ selling_price: ['Selling price must be at least 0'], active: ['Active must be yes or no'] });
  });
});
