import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, putAsRead } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

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
const createTire = async (overrides: Record<string, unknown> = {}) => {
  const answer = await send('POST', '/api/tires', tireBody(f, overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
};

describe('tires', () => {
  it('creates a tire with its opening stock, and reads it back with its lookups', async () => {
    const tire = await createTire();
    expect(tire).toMatchObject({
      name: `${f.names.brand} ${f.names.pattern} 205 / 55 R 16 ${f.tag}`,
      product_type_id: 1,
      brand: { id: f.brandId, name: f.names.brand },
      pattern: { id: f.patternId, name: f.names.pattern },
      supplier: { id: f.supplierId, name: f.names.supplier },
      tire_type: { id: f.typeId, name: f.names.type },
      location: { id: f.downtownId, name: f.names.downtown },
      dot: '2326',
      date_received: '2026-11-01',
      date_of_production: null,
      construction_type: 'radial',
      run_flat: false,
      active: true,
      cost_price: 60,
      selling_price: 89.99,
      quantity: 12,
      inventory: [{ location_id: f.downtownId, location_name: f.names.downtown, quantity: 12 }],
    });
    const moves = await send('GET', `/api/products/${tire.id}/stock-moves`);
    expect(moves.body.data).toHaveLength(1);
    expect(moves.body.data[0]).toMatchObject({ delta: 12, reason: 'opening', location: { id: f.downtownId } });
    expect((await send('GET', `/api/tires/${tire.id}`)).body.data).toEqual(tire);
  });

  it('accepts brand_id for tire_brand_id and 1/0 or "1"/"0" for flags', async () => {
    const { tire_brand_id, ...rest } = tireBody(f);
    const answer = await send('POST', '/api/tires', { ...rest, brand_id: tire_brand_id, run_flat: '1', active: '0' });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ tire_brand_id: f.brandId, run_flat: true, active: false });
  });

  it("gives the wizard's messages for every missing field", async () => {
    const answer = await send('POST', '/api/tires', {});
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({
      tire_brand_id: ['Brand is required'],
      supplier_id: ['Supplier is required'],
      dot: ['DOT is required'],
      made_in: ['Origin is required'],
      date_received: ['Date received is required'],
      tire_type_id: ['Tire type is required'],
      size: ['Size is required'],
      cost_price: ['Cost price is required'],
      selling_price: ['Selling price is required'],
      location_id: ['Location is required'],
      quantity: ['Quantity is required'],
    });
    const blankDate = await send('POST', '/api/tires', tireBody(f, { date_received: '' }));
    expect(blankDate.body.errors).toEqual({ date_received: ['Date received is required'] });
    const wrong = await send('POST', '/api/tires', tireBody(f, { fuel_rating: 'F', cost_price: -1, quantity: 1.5, date_received: '2026-02-30' }));
    expect(wrong.body.errors).toEqual({
      fuel_rating: ['Fuel rating must be A, B, C, D or E'],
      cost_price: ['Cost price must be at least 0'],
      quantity: ['Quantity must be a whole number'],
      date_received: ['Date received must be a valid date'],
    });
  });

  it('refuses a pattern of another brand and lookups that do not exist', async () => {
    const other = await send('POST', '/api/tires', tireBody(f, { pattern_id: f.otherPatternId }));
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ pattern_id: ['The pattern does not belong to the chosen brand'] });
    const missing = await send('POST', '/api/tires', tireBody(f, { supplier_id: 99999999, location_id: 99999998 }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      supplier_id: ['The selected supplier does not exist'],
      location_id: ['The selected location does not exist'],
    });
  });

  it('updates a tire; a new quantity is counted in or out at its branch, never below zero there', async () => {
    const tire = await createTire({ quantity: 5 });
    const transfer = await send('POST', `/api/products/${tire.id}/stock-transfers`, {
      from_location_id: f.downtownId,
      to_location_id: f.northsideId,
      quantity: 3,
    });
    expect(transfer.status).toBe(201);

    const updated = await putAsRead(h, token, `/api/tires/${tire.id}`, tireBody(f, { quantity: 9, selling_price: 95, size: `215 / 60 R 16 ${f.tag}` }));
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ quantity: 9, selling_price: 95, name: `${f.names.brand} ${f.names.pattern} 215 / 60 R 16 ${f.tag}` });
    expect(updated.body.data.inventory).toEqual([
      { location_id: f.downtownId, location_name: f.names.downtown, quantity: 6, in_transit: 0 },
      { location_id: f.northsideId, location_name: f.names.northside, quantity: 3, in_transit: 0 },
    ]);

    const tooFew = await putAsRead(h, token, `/api/tires/${tire.id}`, tireBody(f, { quantity: 1 }));
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe(`Not enough stock at ${f.names.downtown}: only 6 available.`);
    expect((await send('GET', `/api/tires/${tire.id}`)).body.data.quantity).toBe(9);

    expect((await send('PUT', '/api/tires/99999999', tireBody(f))).status).toBe(404);
  });

  it('deletes one tire, and several at once', async () => {
    const [a, b, c] = [await createTire(), await createTire(), await createTire()];
    expect((await send('DELETE', `/api/tires/${a.id}`)).status).toBe(204);
    const gone = await send('GET', `/api/tires/${a.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Tire not found' });
    expect((await send('DELETE', `/api/tires/${a.id}`)).status).toBe(404);

    const bulk = await send('POST', '/api/tires/bulk-delete', { ids: [b.id, c.id, a.id] });
    expect(bulk.body).toEqual({ deleted: 2 });
    expect((await send('POST', '/api/tires/bulk-delete', { ids: [] })).body.message).toBe('Choose the tires to delete');
  });
});

describe('the tire list', () => {
  let tag: string;
  beforeAll(async () => {
    const fx = await catalogueFixture(h);
    f = fx;
    tag = fx.tag;
    const make = (overrides: Record<string, unknown>) => createTire({ size: `${overrides.size} ${tag}`, ...overrides, ...(overrides.size ? { size: `${overrides.size} ${tag}` } : {}) });
    await make({ size: '185 / 65 R 15', quantity: 0, fuel_rating: 'C', selling_price: 50 });
    await make({ size: '195 / 65 R 15', quantity: 4, fuel_rating: 'A', selling_price: 70, run_flat: 1 });
    await make({ size: '225 / 45 R 17', quantity: 20, fuel_rating: 'A', selling_price: 120, construction_type: 'bias-ply' });
  });

  const list = (query: string) => send('GET', `/api/tires?search=${tag}&${query}`);

  it('computes the stat cards over everything that matches, not just the page', async () => {
    const answer = await list('per_page=1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body).toMatchObject({ total: 3, last_page: 3 });
    expect(answer.body.stats).toEqual({ total_products: 3, total_value: 4 * 70 + 20 * 120, low_stock: 1, out_of_stock: 1 });
  });

  it('filters by every parameter of the call', async () => {
    const sizes = async (query: string) => (await list(query)).body.data.map((tire: { size: string }) => tire.size.replace(` ${tag}`, ''));
    expect(await sizes('fuel_rating=A')).toEqual(['195 / 65 R 15', '225 / 45 R 17']);
    expect(await sizes('run_flat=1')).toEqual(['195 / 65 R 15']);
    expect(await sizes('construction_type=bias-ply')).toEqual(['225 / 45 R 17']);
    expect(await sizes('price_min=60&price_max=100')).toEqual(['195 / 65 R 15']);
    expect(await sizes('in_stock=0')).toEqual(['185 / 65 R 15']);
    expect(await sizes('in_stock=1')).toEqual(['195 / 65 R 15', '225 / 45 R 17']);
    expect(await sizes('stock_status=low')).toEqual(['195 / 65 R 15']);
    expect(await sizes(`tire_type=${f.typeId}&water_rating=A`)).toHaveLength(3);
    expect(await sizes(`tire_brand_id=${f.otherBrandId}`)).toEqual([]);
    const bySize = await send('GET', `/api/tires?search=${encodeURIComponent(`195 65 ${tag}`)}`);
    expect(bySize.body.data.map((tire: { size: string }) => tire.size)).toEqual([`195 / 65 R 15 ${tag}`]);
    expect((await send('GET', `/api/tires?search=${encodeURIComponent('22545R17')} ${tag}`)).body.total).toBe(1);
    expect((await send('GET', '/api/tires?fuel_rating=Z')).status).toBe(422);
    expect((await send('GET', '/api/tires?run_flat=maybe')).status).toBe(422);
  });

  it('exports what matches as CSV, and imports it back row by row', async () => {
    const exported = await fetchText(`/api/tires/export?search=${tag}&fuel_rating=A`);
    expect(exported.status).toBe(200);
    expect(exported.type).toContain('text/csv');
    const lines = exported.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,brand,pattern,tire_type,size,dot,made_in,date_received,date_of_production,supplier,location,construction_type,run_flat,fuel_rating,water_rating,cost_price,selling_price,quantity,active,notes,barcode',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${f.names.brand},${f.names.pattern},${f.names.type},195 / 65 R 15 ${tag},2326,France,2026-11-01,,${f.names.supplier},${f.names.downtown},radial,1,A,A,60.00,70.00,4,1,`);

    const bad = [
      ',Nowhere Brand,,Passenger,205 / 55 R 16,2326,France,2026-11-01,,Nobody,Nowhere,radial,0,A,A,60,80,4,1,',
      `,${f.names.brand},,${f.names.type},,2326,France,not-a-date,,${f.names.supplier},${f.names.downtown},radial,0,Z,A,60,80,-4,1,`,
    ];
    const imported = await call(h, 'POST', '/api/tires/import', {
      token,
      rawBody: [lines[0], lines[1], lines[2], ...bad].join('\r\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.added).toBe(2);
    expect(imported.body.refused).toEqual([
      { row: 4, errors: ['Brand "Nowhere Brand" not found', 'Tire type "Passenger" not found', 'Supplier "Nobody" not found', 'Location "Nowhere" not found'] },
      {
        row: 5,
        errors: ['Date received must be a valid date', 'Size is required', 'Fuel rating must be A, B, C, D or E', 'Quantity must be at least 0'],
      },
    ]);
    const after = await list('fuel_rating=A');
    expect(after.body.total).toBe(4);
    expect(after.body.stats.total_value).toBe(2 * (4 * 70 + 20 * 120));

    const missingColumns = await call(h, 'POST', '/api/tires/import', { token, rawBody: 'brand,size\r\nX,Y', headers: { 'content-type': 'text/csv' } });
    expect(missingColumns.status).toBe(422);
    expect(missingColumns.body.message).toBe(
      'The file is missing the columns: tire_type, dot, made_in, date_received, supplier, location, cost_price, selling_price, quantity.',
    );
  });
});

async function fetchText(path: string) {
  const response = await h.fetch(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}
