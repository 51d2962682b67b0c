import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn } from '../support/api.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

/** The tire recall list by DOT weeks: the tires made between two weeks, of a brand, and who to contact. */
let h: Harness;
let token: string;
let f: CatalogueFixture;

const send = (method: string, path: string) => call(h, method, path, { token });
async function created(path: string, body: unknown): Promise<any> {
  const answer = await call(h, 'POST', path, { token, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.data;
}
async function get(path: string): Promise<any> {
  const answer = await send('GET', path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
  f = await catalogueFixture(h);
});
afterAll(() => h.close());

describe('tire recall list by DOT weeks', () => {
  it('takes a range of DOT weeks with a brand, and says which buyers left no contact', async () => {
    const tag = f.tag;
    const tire = (dot: string, size: string) =>
      created('/api/tires', tireBody(f, { dot, size: `${size} ${tag}`, quantity: 5, tire_brand_id: f.otherBrandId, pattern_id: f.otherPatternId }));
    const [a, b, c, d] = [await tire('5223', '185 / 60 R 14'), await tire('0324', '185 / 65 R 14'), await tire('1124', '185 / 70 R 14'), await tire('DOT 4X2T 2125', '185 / 55 R 15')];
    const walkIn = await created('/api/customers', { name: `Walk-in customer ${tag}`, phone: '-', address: 'Counter sale' });
    const buyers = {
      one: await created('/api/customers', { name: `Alice ${tag}`, phone: '555 0101', address: '1 Main St' }),
      two: await created('/api/customers', { name: `Bob ${tag}`, phone: '555 0102', address: '2 Main St' }),
    };
    const sell = (customerId: number, date: string, productId: number) =>
      created('/api/sales', {
        customer_id: customerId, location_id: f.downtownId, sale_date: date, status: 'completed', payment_method: 'cash', discount_amount: 0, tax_amount: 0,
        items: [{ product_id: productId, quantity: 1, selling_price: 80 }],
      });
    const sales = { a: await sell(buyers.one.id, '2024-06-03', a.id), b: await sell(walkIn.id, '2024-06-04', b.id), c: await sell(buyers.two.id, '2024-06-05', c.id), d: await sell(buyers.two.id, '2024-06-06', d.id) };
    const list = (query: string) => get(`/api/reports/tire-sales?tire_brand_id=${f.otherBrandId}&dateFrom=2024-06-01&dateTo=2024-06-30&${query}`);
    const documents = (answer: any) => answer.data.map((line: any) => line.document_id);

    const range = await list('dot_from=0124&dot_to=1124');
    expect(documents(range)).toEqual([sales.c.id, sales.b.id]);
    expect(range.total).toBe(2);
    expect(range.filters).toMatchObject({ dot_from: '0124', dot_to: '1124', tire_brand_id: f.otherBrandId });
    expect(range.data[1]).toMatchObject({
      dot: '0324', brand: f.names.otherBrand, pattern: `Other pattern ${tag}`, size: `185 / 65 R 14 ${tag}`,
      customer: { id: walkIn.id, name: walkIn.name, phone: '-', contact_recorded: false },
    });
    expect(range.data[0].customer).toEqual({ id: buyers.two.id, name: buyers.two.name, phone: '555 0102', contact_recorded: true });
    // Weeks compare across years; either end may be left open; the week may be written 52/23.
    expect(documents(await list('dot_to=0324'))).toEqual([sales.b.id, sales.a.id]);
    expect(documents(await list('dot_from=52/23&dot_to=5223'))).toEqual([sales.a.id]);
    expect(documents(await list('dot_from=1124'))).toEqual([sales.d.id, sales.c.id]);
    expect(documents(await list('dot_from=0124&dot_to=1124&per_page=1&page=2'))).toEqual([sales.b.id]);
    // Another brand's tires of the same weeks are not listed.
    expect((await get(`/api/reports/tire-sales?tire_brand_id=${f.brandId}&dateFrom=2024-06-01&dateTo=2024-06-30&dot_from=0124&dot_to=1124`)).total).toBe(0);

    for (const [query, field, message] of [
      ['dot_from=5423', 'dot_from', 'DOT from must be a week and year as on the tire, e.g. 2319 for week 23 of 2019'],
      ['dot_to=ab12', 'dot_to', 'DOT to must be a week and year as on the tire, e.g. 2319 for week 23 of 2019'],
      ['dot_from=1124&dot_to=0324', 'dot_to', 'DOT to must be the same week as DOT from or later'],
    ]) {
      const refused = await send('GET', `/api/reports/tire-sales?${query}`);
      expect(refused.status, query).toBe(422);
      expect(refused.body.errors[field]).toEqual([message]);
    }
  }, 60_000);
});
