import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, putAsRead, signIn, uniqueTag } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
let f: CatalogueFixture;
let customerId: number;
let otherCustomerId: number;
const today = new Date().toISOString().slice(0, 10);
/** A North American VIN whose check digit (its 9th character, X) matches. */
const VIN = '1M8GDM9AXKP042788';

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
  customerId = (await send('POST', '/api/customers', { name: `Driver ${f.tag}`, phone: '555 0150', address: '5 Garage Rd' })).body.data.id;
  otherCustomerId = (await send('POST', '/api/customers', { name: `Neighbour ${f.tag}`, phone: '555 0151', address: '7 Garage Rd' })).body.data.id;
});
afterAll(() => h.close());

function send(method: string, path: string, body?: unknown) {
  return call(h, method, path, { token, body });
}
async function newVehicle(overrides: Record<string, unknown> = {}, owner = customerId) {
  const answer = await send('POST', `/api/customers/${owner}/vehicles`, { plate: `wh-${uniqueTag().slice(0, 5)}`, make: 'Honda', model: 'Civic', year: 2019, ...overrides });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: number; plate: string };
}
async function newTire(size = `205 / 55 R 16 ${uniqueTag()}`, dot = '2326') {
  const answer = await send('POST', '/api/tires', tireBody(f, { quantity: 20, size, dot }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number };
}
const saleBody = (vehicleId: number | null, mileage: number | null, items: unknown[], overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  location_id: f.downtownId,
  sale_date: today,
  status: 'completed',
  vehicle_id: vehicleId,
  mileage,
  items,
  ...overrides,
});

describe('vehicles', () => {
  it('adds, shows, lists, changes and deletes a customer’s vehicle, and records each in the audit trail', async () => {
    const added = await send('POST', `/api/customers/${customerId}/vehicles`, {
      plate: ' ab 123 cd ', vin: '1m8gdm9axkp042788', make: 'Toyota', model: 'Corolla', year: '2018', tire_sizes: '205/55R16', notes: 'Locking wheel nut in the glovebox',
    });
    expect(added.status).toBe(201);
    const vehicle = added.body.data;
    expect(vehicle).toMatchObject({
      customer_id: customerId, plate: 'AB 123 CD', vin: VIN, make: 'Toyota', model: 'Corolla', year: 2018, tire_sizes: '205/55R16',
      last_mileage: null, last_tire_size: null, version: 1,
    });
    expect(vehicle.customer.name).toBe(`Driver ${f.tag}`);

    const listed = await send('GET', `/api/customers/${customerId}/vehicles`);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toContain(vehicle.id);
    expect((await send('GET', `/api/customers/${otherCustomerId}/vehicles`)).body.data).toEqual([]);
    expect((await send('GET', '/api/customers/999999999/vehicles')).status).toBe(404);

    const changed = await putAsRead(h, token, `/api/vehicles/${vehicle.id}`, { plate: 'AB 123 CD', vin: '', make: 'Toyota', model: 'Corolla', year: 2018, tire_sizes: '215/50R17' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ vin: null, tire_sizes: '215/50R17', notes: null, version: 2 });
    const stale = await call(h, 'PUT', `/api/vehicles/${vehicle.id}`, { token, body: { plate: 'X1' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);

    const events = await send('GET', `/api/activity?record_type=vehicle&record_id=${vehicle.id}`);
    expect(events.body.data.map((event: { action: string }) => event.action)).toEqual(['updated', 'created']);
    expect(events.body.data[0].changes.tire_sizes).toEqual({ old: '205/55R16', new: '215/50R17' });

    expect((await send('DELETE', `/api/vehicles/${vehicle.id}`)).status).toBe(204);
    expect((await send('GET', `/api/vehicles/${vehicle.id}`)).status).toBe(404);

    // A customer without documents goes with their vehicles.
    const leaving = (await send('POST', '/api/customers', { name: `Leaving ${f.tag}`, phone: '555 0152', address: '9 Garage Rd' })).body.data.id;
    const theirs = await newVehicle({}, leaving);
    expect((await send('DELETE', `/api/customers/${leaving}`)).status).toBe(204);
    expect((await send('GET', `/api/vehicles/${theirs.id}`)).status).toBe(404);
  });

  it('refuses a VIN whose check digit does not match, or of the wrong length, naming the field', async () => {
    const wrongDigit = await send('POST', `/api/customers/${customerId}/vehicles`, { plate: 'CHK 1', vin: '1M8GDM9A1KP042788' });
    expect(wrongDigit.status).toBe(422);
    expect(wrongDigit.body.errors.vin[0]).toMatch(/9th character/);
    const short = await send('POST', `/api/customers/${customerId}/vehicles`, { plate: 'CHK 2', vin: '1M8GDM9AXKP04278' });
    expect(short.status).toBe(422);
    expect(short.body.errors.vin).toEqual(['VIN must be 17 characters (this one has 16)']);
    const letterO = await send('POST', `/api/customers/${customerId}/vehicles`, { plate: 'CHK 3', vin: '1M8GDM9AXKP04278O' });
    expect(letterO.body.errors.vin[0]).toMatch(/never I, O or Q/);
    expect((await send('POST', `/api/customers/${customerId}/vehicles`, { vin: VIN })).body.errors.plate).toEqual(['Plate is required']);
    // A European VIN has no check digit.
    expect((await send('POST', `/api/customers/${customerId}/vehicles`, { plate: 'EU 1', vin: 'WVWZZZ1JZXW000001' })).status).toBe(201);
  });

  it('puts a vehicle of the customer on a quote, an invoice and a sale, and refuses another customer’s', async () => {
    const vehicle = await newVehicle();
    const other = await newVehicle({}, otherCustomerId);
    const tire = await newTire();
    const line = { product_id: tire.id, quantity: 1, unit_price: 90 };
    const invoice = await send('POST', '/api/invoices', {
      customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, vehicle_id: vehicle.id, mileage: 10_000, items: [line],
    });
    expect(invoice.status).toBe(201);
    expect(invoice.body.data).toMatchObject({ vehicle_id: vehicle.id, mileage: 10_000, vehicle: { id: vehicle.id, plate: vehicle.plate, vin: null, make: 'Honda', model: 'Civic', year: 2019 } });

    const refused = await send('POST', '/api/sales', saleBody(other.id, 12_000, [{ product_id: tire.id, quantity: 1, selling_price: 90 }]));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ vehicle_id: ["This vehicle is not one of the customer's vehicles"] });
    const missing = await send('POST', '/api/quotes', { customer_id: customerId, location_id: f.downtownId, issued_date: today, vehicle_id: 999999999, items: [line] });
    expect(missing.body.errors).toEqual({ vehicle_id: ['The selected vehicle does not exist'] });

    const bare = await send('POST', '/api/sales', saleBody(null, null, [{ product_id: tire.id, quantity: 1, selling_price: 90 }]));
    expect(bare.body.data).toMatchObject({ vehicle_id: null, mileage: null, vehicle: null });
    expect((await send('POST', '/api/sales', saleBody(vehicle.id, -5, []))).body.errors.mileage).toEqual(['Mileage must be at least 0']);
    expect((await send('DELETE', `/api/vehicles/${vehicle.id}`)).body.message).toBe('This vehicle is used by 1 invoice.');
  });

  it('refuses a mileage below the last one recorded unless it is confirmed, and carries a quote’s vehicle and mileage to its sale', async () => {
    const vehicle = await newVehicle();
    const tire = await newTire();
    const line = { product_id: tire.id, quantity: 1, selling_price: 90 };
    expect((await send('POST', '/api/sales', saleBody(vehicle.id, 48_200, [line]))).status).toBe(201);

    const lower = await send('POST', '/api/sales', saleBody(vehicle.id, 48_000, [line]));
    expect(lower.status).toBe(422);
    expect(lower.body.errors.mileage[0]).toMatch(/^The last recorded mileage of this vehicle is 48,200/);
    const confirmed = await send('POST', '/api/sales', saleBody(vehicle.id, 48_000, [line], { mileage_confirmed: true }));
    expect(confirmed.status).toBe(201);

    // A pending sale edited keeps its own mileage out of the comparison.
    const pending = await send('POST', '/api/sales', saleBody(vehicle.id, 50_000, [line], { status: 'pending' }));
    const edit = (mileage: number) => putAsRead(h, token, `/api/sales/${pending.body.data.id}`, { ...saleBody(vehicle.id, mileage, [line]), status: undefined });
    expect((await edit(49_000)).body.data.mileage).toBe(49_000);
    const below = await edit(48_100);
    expect(below.status).toBe(422);
    expect(below.body.errors.mileage[0]).toMatch(/48,200/);

    const quote = await send('POST', '/api/quotes', {
      customer_id: customerId, location_id: f.downtownId, issued_date: today, vehicle_id: vehicle.id, mileage: 51_000,
      items: [{ product_id: tire.id, quantity: 2, unit_price: 90 }],
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const converted = await send('POST', `/api/quotes/${quote.body.data.id}/convert`, { to: 'sale' });
    expect(converted.body.data).toMatchObject({ vehicle_id: vehicle.id, mileage: 51_000, vehicle: { plate: vehicle.plate } });
    expect((await send('GET', `/api/vehicles/${vehicle.id}`)).body.data.last_mileage).toBe(51_000);
  });

  it("shows a vehicle's history with each tire fitted, the size last fitted, and finds it by plate or VIN", async () => {
    const plate = `HX ${uniqueTag().slice(0, 4).toUpperCase()}`;
    const vin = '11111111111111111';
    const vehicle = await newVehicle({ plate, vin });
    const size = `225 / 45 R 17 ${uniqueTag()}`;
    const tire = await newTire(size, '0925');
    const service = (await send('POST', '/api/services', { name: `Balancing ${uniqueTag()}`, selling_price: 15, active: true })).body.data;
    const first = await send('POST', '/api/sales', saleBody(vehicle.id, 30_000, [{ product_id: service.id, quantity: 1, selling_price: 15 }], { sale_date: '2026-03-02' }));
    const second = await send('POST', '/api/sales', saleBody(vehicle.id, 41_500, [
      { product_id: tire.id, quantity: 4, selling_price: 110 },
      { product_id: service.id, quantity: 4, selling_price: 15 },
    ]));
    expect(second.status).toBe(201);

    const history = await send('GET', `/api/vehicles/${vehicle.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(2);
    expect(history.body.data.map((visit: { document_id: number }) => visit.document_id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(history.body.data[0]).toMatchObject({ document_type: 'Sale', number: second.body.data.number, date: today, mileage: 41_500, status: 'completed' });
    expect(history.body.data[0].items[0]).toMatchObject({ product_type: 'tire', quantity: 4, dot: '0925', size, brand: f.names.brand, pattern: f.names.pattern });
    expect(history.body.data[0].items[1]).toMatchObject({ product_type: 'service', size: null });

    expect((await send('GET', `/api/vehicles/${vehicle.id}`)).body.data).toMatchObject({ last_mileage: 41_500, last_tire_size: size });
    const byPlate = await send('GET', `/api/vehicles?search=${encodeURIComponent(plate.toLowerCase())}`);
    expect(byPlate.body.data.map((row: { id: number }) => row.id)).toEqual([vehicle.id]);
    const byVin = await send('GET', `/api/vehicles?search=${vin}`);
    expect(byVin.body.data.map((row: { id: number }) => row.id)).toContain(vehicle.id);

    const recall = await send('GET', `/api/reports/tire-sales?dot=0925&tire_brand_id=${f.brandId}`);
    const row = recall.body.data.find((line: { document_id: number }) => line.document_id === second.body.data.id);
    expect(row).toMatchObject({ dot: '0925', customer: { id: customerId }, vehicle: { id: vehicle.id, plate, make: 'Honda', model: 'Civic', year: 2019 } });
  });
});
