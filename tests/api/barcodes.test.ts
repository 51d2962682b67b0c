import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, putAsRead } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';
import { BARCODE_CHECK_DIGIT, BARCODE_LENGTH } from '../../worker/src/schemas/barcodes.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
let madeIn: number;
let batteryBrand: number;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h, { role: 'admin' }));
  f = await catalogueFixture(h);
  await h.withDb(async (db) => {
    madeIn = Number((await db.query<{ id: number }>('insert into public.made_ins (name) values ($1) returning id', [`Made ${f.tag}`]))[0].id);
    batteryBrand = Number((await db.query<{ id: number }>('insert into public.battery_brands (name) values ($1) returning id', [`Volta ${f.tag}`]))[0].id);
  });
});
afterAll(() => h.close());

const send = (method: string, path: string, body?: unknown) => call(h, method, path, { token, body });

/** A barcode no other test has: random digits and their check digit (EAN-13 when 12 are given, UPC-A when 11). */
function barcode(length: 12 | 13): string {
  const body = Array.from({ length: length - 1 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10))).join('');
  const digits = body.padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (i % 2 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const wrongCheckDigit = (code: string) => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;

const created = async (path: string, body: Record<string, unknown>) => {
  const answer = await send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
};

describe('barcodes', () => {
  it('keeps an EAN-13 or a UPC-A on every kind of goods, and none when left out', async () => {
    const ean = barcode(13);
    const tire = await created('/api/tires', tireBody(f, { barcode: ` ${ean} ` }));
    expect(tire.barcode).toBe(ean);
    expect((await send('GET', `/api/tires/${tire.id}`)).body.data.barcode).toBe(ean);

    const upc = barcode(12);
    const battery = await created('/api/batteries', {
      battery_name: `Volta 70 ${f.tag}`, battery_brand_id: batteryBrand, made_in_id: madeIn, battery_shape: 'thick', ampere: 70, reversed: 0,
      battery_type: 'acid', location_id: f.downtownId, inventory_quantity: 2, cost_price: 70, selling_price: 120, barcode: upc,
    });
    expect(battery.barcode).toBe(upc);
    const wiper = await created('/api/wiper-products', {
      size: 22, type: `Beam ${f.tag}`, frame_material: 'Rubber', compatibility_year: 2020, compatible_cars: 'Civic', made_in_id: madeIn,
      cost_price: 6, selling_price: 15, barcode: barcode(13),
    });
    expect(wiper.barcode).toMatch(/^\d{13}$/);
    const supply = await created('/api/inventories', {
      name: `Valve caps ${f.tag}`, category: 'parts', current_stock: 3, unit_price: 5, cost_price: 2, location_id: f.downtownId, barcode: '',
    });
    expect(supply.barcode).toBeNull();
    expect((await created('/api/tires', tireBody(f, { size: `215 / 60 R 16 ${f.tag}` }))).barcode).toBeNull();

    const changed = barcode(13);
    const updated = await putAsRead(h, token, `/api/inventories/${supply.id}`, {
      name: `Valve caps ${f.tag}`, category: 'parts', current_stock: 3, unit_price: 5, cost_price: 2, location_id: f.downtownId, barcode: changed,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.barcode).toBe(changed);
    const activity = await send('GET', `/api/activity?record_type=product&record_id=${supply.id}`);
    expect(activity.body.data[0]).toMatchObject({ action: 'updated', changes: { barcode: { old: null, new: changed } } });
  });

  it('refuses a wrong length, a wrong check digit or letters, naming the field', async () => {
    for (const [code, message] of [
      ['12345', BARCODE_LENGTH],
      ['40063813339310', BARCODE_LENGTH],
      ['40063813339A1', BARCODE_LENGTH],
      [wrongCheckDigit(barcode(13)), BARCODE_CHECK_DIGIT],
      [wrongCheckDigit(barcode(12)), BARCODE_CHECK_DIGIT],
    ]) {
      const answer = await send('POST', '/api/tires', tireBody(f, { barcode: code }));
      expect(answer.status, code).toBe(422);
      expect(answer.body.errors.barcode).toEqual([message]);
    }
    expect((await send('POST', '/api/tires', tireBody(f, { barcode: 4006381333931 }))).body.errors.barcode).toEqual(['Barcode must be text']);
  });

  it('refuses a barcode another product has, naming that product, in either of its forms', async () => {
    const upc = barcode(12);
    const first = await created('/api/tires', tireBody(f, { size: `225 / 45 R 17 ${f.tag}`, barcode: upc }));
    for (const code of [upc, `0${upc}`]) {
      const answer = await send('POST', '/api/tires', tireBody(f, { size: `225 / 45 R 18 ${f.tag}`, barcode: code }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors.barcode).toEqual([`Barcode ${code} is already on ${first.name}`]);
    }
    const other = await created('/api/tires', tireBody(f, { size: `225 / 45 R 19 ${f.tag}` }));
    const taken = await putAsRead(h, token, `/api/tires/${other.id}`, tireBody(f, { size: `225 / 45 R 19 ${f.tag}`, barcode: upc }));
    expect(taken.status).toBe(422);
    expect(taken.body.message).toBe(`Barcode ${upc} is already on ${first.name}`);
    // Saving a product again with its own barcode is no clash.
    expect((await putAsRead(h, token, `/api/tires/${first.id}`, tireBody(f, { size: `225 / 45 R 17 ${f.tag}`, barcode: upc }))).status).toBe(200);
  });

  it('finds exactly the product a scanned barcode names, in the picker, the top search and the lists', async () => {
    const ean = barcode(13);
    const tire = await created('/api/tires', tireBody(f, { size: `235 / 40 R 18 ${f.tag}`, barcode: ean }));
    const picker = await send('GET', `/api/products?search=${ean}`);
    expect(picker.body.data.map((row: { id: number }) => row.id)).toEqual([tire.id]);
    expect((await send('GET', `/api/products?search=${ean}&per_page=5&location_id=${f.downtownId}`)).body.data).toMatchObject([{ id: tire.id, stock: 12 }]);
    expect((await send('GET', `/api/tires?search=${ean}`)).body.data.map((row: { id: number }) => row.id)).toEqual([tire.id]);
    expect((await send('GET', `/api/products?search=${wrongCheckDigit(ean)}`)).body.data).toEqual([]);

    const upc = barcode(12);
    const supply = await created('/api/inventories', {
      name: `Wheel weights ${f.tag}`, category: 'parts', current_stock: 3, unit_price: 5, cost_price: 2, location_id: f.downtownId, barcode: upc,
    });
    // A scanner may send a UPC-A as its EAN-13, with a leading 0.
    expect((await send('GET', `/api/products?search=0${upc}`)).body.data.map((row: { id: number }) => row.id)).toEqual([supply.id]);
    expect((await send('GET', `/api/inventories?search=${upc}`)).body.data.map((row: { id: number }) => row.id)).toEqual([supply.id]);
    expect((await send('GET', `/api/batteries?search=${upc}`)).body.data).toEqual([]);
  });
});
