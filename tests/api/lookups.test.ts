import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag } from '../support/api.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
});
afterAll(() => h.close());

const send = (method: string, url: string, body?: unknown) => call(h, method, url, { token, body });

async function create(path: string, body: Record<string, unknown>): Promise<number> {
  const answer = await send('POST', path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** Rows of tables whose API does not exist here, written directly. */
const insert = {
  product: (kind: string) =>
    h.withDb(async (db) => {
      const [row] = await db.query<{ id: number }>('insert into public.products (kind, name) values ($1, $2) returning id', [
        kind,
        `${kind} ${uniqueTag()}`,
      ]);
      return row.id;
    }),
  async tire(refs: { brand: number; type: number; pattern?: number; location?: number }) {
    const id = await insert.product('tire');
    await h.withDb((db) =>
      db.query(
        `insert into public.tires (product_id, tire_brand_id, tire_type_id, pattern_id, location_id, size, dot, made_in, date_received)
         values ($1, $2, $3, $4, $5, '205 / 55 R 16', '2524', 'Japan', '2026-01-10')`,
        [id, refs.brand, refs.type, refs.pattern ?? null, refs.location ?? null],
      ),
    );
    return id;
  },
  async battery(refs: { brand: number; madeIn: number; location?: number }) {
    const id = await insert.product('battery');
    await h.withDb((db) =>
      db.query(
        `insert into public.batteries (product_id, battery_brand_id, made_in_id, location_id, battery_shape, ampere, battery_type)
         values ($1, $2, $3, $4, 'thick', 70, 'acid')`,
        [id, refs.brand, refs.madeIn, refs.location ?? null],
      ),
    );
    return id;
  },
  async wiper(madeIn: number) {
    const id = await insert.product('wiper');
    await h.withDb((db) =>
      db.query(
        `insert into public.wipers (product_id, size, type, frame_material, compatibility_year, compatible_cars, made_in_id)
         values ($1, 22, 'beam', 'steel', 2020, 'Any', $2)`,
        [id, madeIn],
      ),
    );
    return id;
  },
  stock: (product: number, location: number, quantity: number) =>
    h.withDb((db) => db.query(`select public.move_stock($1, $2, $3, 'opening', null, null)`, [product, location, quantity])),
};

const lookups = [
  { path: '/api/tire-brands', notFound: 'Tire brand not found', extra: { country: 'Japan' } },
  { path: '/api/tire-types', notFound: 'Tire type not found', extra: { section: 'Passenger' } },
  { path: '/api/made-ins', notFound: 'Made in not found', extra: {} },
  { path: '/api/battery-brands', notFound: 'Battery brand not found', extra: {} },
  { path: '/api/locations', notFound: 'Location not found', extra: { address: '1 Depot Road' } },
  { path: '/api/tags', notFound: 'Tag not found', extra: { section: 'Season' } },
];

describe.each(lookups.filter(({ extra }) => Object.keys(extra).length))('$path optional field', ({ path, extra }) => {
  it('is left empty when it is blank or not given', async () => {
    const [field] = Object.keys(extra);
    for (const body of [{}, { [field]: '  ' }]) {
      const created = await send('POST', path, { name: `Gamma ${uniqueTag()}`, ...body });
      expect(created.status).toBe(201);
      expect(created.body.data[field]).toBeNull();
    }
  });
});

describe.each(lookups)('$path', ({ path, notFound, extra }) => {
  it('creates, shows, updates and deletes a record, keeping only known fields', async () => {
    const input = { name: `  Alpha ${uniqueTag()} `, ...extra };
    const created = await send('POST', path, { ...input, id: 4242, created_at: '2000-01-01T00:00:00Z', owner: 'x' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...extra, name: input.name.trim() });
    expect(created.body.data.id).not.toBe(4242);
    expect(created.body.data).not.toHaveProperty('owner');
    const id = created.body.data.id;

    const shown = await send('GET', `${path}/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(created.body.data);

    const renamed = `Beta ${uniqueTag()}`;
    const updated = await send('PUT', `${path}/${id}`, { ...extra, name: renamed });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: renamed, ...extra });

    expect((await send('DELETE', `${path}/${id}`)).status).toBe(204);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const gone = await send(method, `${path}/${id}`, method === 'PUT' ? { ...extra, name: 'x' } : undefined);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ message: notFound });
    }
  });

  it("says 'Name is required'", async () => {
    for (const body of [{}, { name: '   ' }, { name: null }]) {
      const answer = await send('POST', path, { ...extra, ...body });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: 'Name is required', errors: { name: ['Name is required'] } });
    }
    const created = await create(path, { name: `Delta ${uniqueTag()}`, ...extra });
    const blank = await send('PUT', `${path}/${created}`, { ...extra, name: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(['Name is required']);
  });

  it('answers 404 for ids that do not exist or are not ids', async () => {
    for (const id of ['999999999', '0', 'abc', '1.5']) {
      const answer = await send('GET', `${path}/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: notFound });
    }
  });

  it('searches by name and pages the result', async () => {
    const tag = uniqueTag();
    for (const n of [3, 1, 2]) await create(path, { name: `Zeta ${tag} ${n}`, ...extra });
    const first = await send('GET', `${path}?search=${tag.toUpperCase()}&per_page=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.body.data.map((row: { name: string }) => row.name)).toEqual([`Zeta ${tag} 1`, `Zeta ${tag} 2`]);
    const second = await send('GET', `${path}?search=${tag}&per_page=2&page=2`);
    expect(second.body.data.map((row: { name: string }) => row.name)).toEqual([`Zeta ${tag} 3`]);
    const none = await send('GET', `${path}?search=${encodeURIComponent(`%_ ${tag}`)}`);
    expect(none.body).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect((await send('GET', `${path}?per_page=101`)).status).toBe(422);
  });
});

describe('/api/locations address', () => {
  it("may be left out when adding, but not when editing: 'Address is required'", async () => {
    const id = await create('/api/locations', { name: `Eastside ${uniqueTag()}` });
    const missing = await send('PUT', `/api/locations/${id}`, { name: 'Eastside Branch' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: 'Address is required', errors: { address: ['Address is required'] } });
    const blank = await send('PUT', `/api/locations/${id}`, { name: 'Eastside Branch', address: ' ' });
    expect(blank.body.errors).toEqual({ address: ['Address is required'] });
    const updated = await send('PUT', `/api/locations/${id}`, { name: 'Eastside Branch', address: '9 East Road' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Eastside Branch', address: '9 East Road' });
  });
});

describe('deleting a lookup that other records use', () => {
  it('refuses a tire brand or tire type, counting its patterns and tires', async () => {
    const brand = await create('/api/tire-brands', { name: `Brand ${uniqueTag()}` });
    const type = await create('/api/tire-types', { name: `Type ${uniqueTag()}` });
    for (const name of ['P1', 'P2']) {
      await create('/api/patterns', { name, category: 'automotive', price: 1, tire_brand_id: brand, tire_type_id: type });
    }
    await insert.tire({ brand, type });

    const brandAnswer = await send('DELETE', `/api/tire-brands/${brand}`);
    expect(brandAnswer.status).toBe(409);
    expect(brandAnswer.body).toEqual({ message: 'This tire brand is used by 2 patterns and 1 tire.' });
    await insert.tire({ brand, type });
    expect((await send('DELETE', `/api/tire-types/${type}`)).body).toEqual({
      message: 'This tire type is used by 2 patterns and 2 tires.',
    });
    expect((await send('GET', `/api/tire-brands/${brand}`)).status).toBe(200);

    const unused = await create('/api/tire-brands', { name: `Brand ${uniqueTag()}` });
    await insert.tire({ brand: unused, type });
    expect((await send('DELETE', `/api/tire-brands/${unused}`)).body.message).toBe('This tire brand is used by 1 tire.');
  });

  it('refuses a made-in country or battery brand, counting its batteries and wipers', async () => {
    const madeIn = await create('/api/made-ins', { name: `Korea ${uniqueTag()}` });
    const brand = await create('/api/battery-brands', { name: `Volt ${uniqueTag()}` });
    await insert.battery({ brand, madeIn });
    await insert.battery({ brand, madeIn });
    await insert.wiper(madeIn);

    const madeInAnswer = await send('DELETE', `/api/made-ins/${madeIn}`);
    expect(madeInAnswer.status).toBe(409);
    expect(madeInAnswer.body.message).toBe('This made-in country is used by 2 batteries and 1 wiper.');
    const brandAnswer = await send('DELETE', `/api/battery-brands/${brand}`);
    expect(brandAnswer.status).toBe(409);
    expect(brandAnswer.body.message).toBe('This battery brand is used by 2 batteries.');
  });

  it('refuses a location that tires, batteries or stock use', async () => {
    const location = await create('/api/locations', { name: `Branch ${uniqueTag()}` });
    const brand = await create('/api/tire-brands', { name: `Brand ${uniqueTag()}` });
    const type = await create('/api/tire-types', { name: `Type ${uniqueTag()}` });
    const madeIn = await create('/api/made-ins', { name: `Made ${uniqueTag()}` });
    const batteryBrand = await create('/api/battery-brands', { name: `Volt ${uniqueTag()}` });
    const tire = await insert.tire({ brand, type, location });
    await insert.battery({ brand: batteryBrand, madeIn, location });
    await insert.stock(tire, location, 4);
    await insert.stock(tire, location, -1);

    const answer = await send('DELETE', `/api/locations/${location}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This location is used by 1 tire, 1 battery, 1 product in stock and 2 stock moves.');

    const stockOnly = await create('/api/locations', { name: `Branch ${uniqueTag()}` });
    await insert.stock(tire, stockOnly, 2);
    await insert.stock(tire, stockOnly, -2);
    expect((await send('DELETE', `/api/locations/${stockOnly}`)).body.message).toBe(
      'This location is used by 2 stock moves.',
    );
  });

  it('refuses a tag that patterns carry, and a pattern that tires use', async () => {
    const tag = await create('/api/tags', { name: `Winter ${uniqueTag()}` });
    const patterns = [];
    for (const name of ['A', 'B', 'C']) patterns.push(await create('/api/patterns', { name, category: 'industrial', price: 0, tag_ids: [tag] }));
    const tagAnswer = await send('DELETE', `/api/tags/${tag}`);
    expect(tagAnswer.status).toBe(409);
    expect(tagAnswer.body).toEqual({ message: 'This tag is used by 3 patterns.' });

    const brand = await create('/api/tire-brands', { name: `Brand ${uniqueTag()}` });
    const type = await create('/api/tire-types', { name: `Type ${uniqueTag()}` });
    await insert.tire({ brand, type, pattern: patterns[0] });
    const patternAnswer = await send('DELETE', `/api/patterns/${patterns[0]}`);
    expect(patternAnswer.status).toBe(409);
    expect(patternAnswer.body).toEqual({ message: 'This pattern is used by 1 tire.' });

    for (const pattern of patterns.slice(1)) expect((await send('DELETE', `/api/patterns/${pattern}`)).status).toBe(204);
    expect((await send('DELETE', `/api/tags/${tag}`)).body.message).toBe('This tag is used by 1 pattern.');
  });
});

describe('/api/tags', () => {
  it('counts its patterns in lists and lists them, by name, on a single tag', async () => {
    const tag = uniqueTag();
    const winter = await create('/api/tags', { name: `Winter ${tag}`, section: 'Season' });
    const empty = await create('/api/tags', { name: `Quiet ${tag}` });
    const zulu = await create('/api/patterns', { name: `Zulu ${tag}`, category: 'automotive', price: 1, tag_ids: [winter] });
    const alpine = await create('/api/patterns', { name: `alpine ${tag}`, category: 'automotive', price: 1, tag_ids: [winter] });

    const list = await send('GET', `/api/tags?search=${tag}`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: empty, name: `Quiet ${tag}`, section: null, patterns_count: 0 }),
      expect.objectContaining({ id: winter, name: `Winter ${tag}`, section: 'Season', patterns_count: 2 }),
    ]);
    expect(list.body.data[0]).not.toHaveProperty('patterns');

    const shown = await send('GET', `/api/tags/${winter}`);
    expect(shown.body.data).toMatchObject({
      id: winter,
      patterns_count: 2,
      patterns: [
        { id: alpine, name: `alpine ${tag}` },
        { id: zulu, name: `Zulu ${tag}` },
      ],
    });
    const renamed = await send('PUT', `/api/tags/${winter}`, { name: `Snow ${tag}`, section: 'Season' });
    expect(renamed.body.data).toMatchObject({ name: `Snow ${tag}`, patterns_count: 2 });
    expect(renamed.body.data.patterns).toHaveLength(2);
    expect((await send('GET', `/api/tags/${empty}`)).body.data.patterns).toEqual([]);
  });
});

describe('/api/patterns', () => {
  async function fixtures() {
    const tag = uniqueTag();
    return {
      tag,
      brand: await create('/api/tire-brands', { name: `Michelin ${tag}`, country: 'France' }),
      type: await create('/api/tire-types', { name: `Passenger ${tag}`, section: 'Car' }),
      winter: await create('/api/tags', { name: `Winter ${tag}` }),
      eco: await create('/api/tags', { name: `Eco ${tag}` }),
    };
  }

  it('creates a pattern with its brand, tire type and tags, shows, updates and deletes it', async () => {
    const f = await fixtures();
    const created = await send('POST', '/api/patterns', {
      name: ` Pilot Sport ${f.tag} `,
      description: 'Summer performance',
      category: 'automotive',
      price: 129.5,
      is_active: 1,
      tire_brand_id: f.brand,
      tire_type_id: String(f.type),
      tag_ids: [f.winter, f.eco, f.winter],
      id: 7,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toEqual({
      id,
      name: `Pilot Sport ${f.tag}`,
      description: 'Summer performance',
      category: 'automotive',
      price: 129.5,
      is_active: true,
      tire_brand_id: f.brand,
      tire_type_id: f.type,
      tire_brand: { id: f.brand, name: `Michelin ${f.tag}` },
      tire_type: { id: f.type, name: `Passenger ${f.tag}` },
      tags: [
        { id: f.eco, name: `Eco ${f.tag}` },
        { id: f.winter, name: `Winter ${f.tag}` },
      ],
      created_at: expect.any(String),
      version: 1,
      updated_at: expect.any(String),
    });
    expect((await send('GET', `/api/patterns/${id}`)).body.data).toEqual(created.body.data);

    const updated = await send('PUT', `/api/patterns/${id}`, {
      name: `Pilot Alpin ${f.tag}`,
      category: 'commercial',
      price: '99.99',
      is_active: '0',
      tire_brand_id: null,
      tire_type_id: '',
      tag_ids: [f.winter],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id,
      name: `Pilot Alpin ${f.tag}`,
      description: null,
      category: 'commercial',
      price: 99.99,
      is_active: false,
      tire_brand: null,
      tire_type: null,
      tags: [{ id: f.winter, name: `Winter ${f.tag}` }],
    });
    const untagged = await send('PUT', `/api/patterns/${id}`, { name: 'Bare', category: 'industrial', price: 0 });
    expect(untagged.body.data).toMatchObject({ tags: [], is_active: true, price: 0 });

    expect((await send('DELETE', `/api/patterns/${id}`)).status).toBe(204);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const gone = await send(method, `/api/patterns/${id}`, method === 'PUT' ? { name: 'x', category: 'industrial', price: 1 } : undefined);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ message: 'Pattern not found' });
    }
    expect((await send('GET', '/api/patterns/abc')).status).toBe(404);
    expect((await send('GET', `/api/tags/${f.winter}`)).body.data.patterns_count).toBe(0);
  });

  it('says what is wrong with the input', async () => {
    const missing = await send('POST', '/api/patterns', {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: 'Name is required',
      errors: { name: ['Name is required'], category: ['Category is required'], price: ['Price is required'] },
    });
    const wrong = await send('POST', '/api/patterns', { name: 'X', category: 'racing', price: -1, is_active: 'maybe' });
    expect(wrong.body.errors).toEqual({
      category: ['Category must be automotive, industrial or commercial'],
      price: ['Price must be at least 0'],
      is_active: ['Active must be yes or no'],
    });
    const cents = await send('POST', '/api/patterns', { name: 'X', category: 'industrial', price: 1.005 });
    expect(cents.body.errors).toEqual({ price: ['Price must have at most 2 decimals'] });
    const badTags = await send('POST', '/api/patterns', { name: 'X', category: 'industrial', price: 1, tag_ids: 'winter' });
    expect(badTags.body.errors).toEqual({ tag_ids: ['The selected tags do not exist'] });
  });

  it('refuses a brand, tire type or tags that do not exist, saving nothing', async () => {
    const f = await fixtures();
    const body = { name: `Ghost ${f.tag}`, category: 'automotive', price: 10, tire_brand_id: f.brand, tire_type_id: f.type };
    const brand = await send('POST', '/api/patterns', { ...body, tire_brand_id: 999999999 });
    expect(brand.status).toBe(422);
    expect(brand.body).toEqual({
      message: 'The selected brand does not exist',
      errors: { tire_brand_id: ['The selected brand does not exist'] },
    });
    const type = await send('POST', '/api/patterns', { ...body, tire_type_id: 999999999 });
    expect(type.body.errors).toEqual({ tire_type_id: ['The selected tire type does not exist'] });
    const tags = await send('POST', '/api/patterns', { ...body, tag_ids: [f.winter, 999999999] });
    expect(tags.body.errors).toEqual({ tag_ids: ['The selected tags do not exist'] });
    expect((await send('GET', `/api/patterns?search=Ghost ${f.tag}`)).body.total).toBe(0);

    const id = await create('/api/patterns', { ...body, tag_ids: [f.winter] });
    const refused = await send('PUT', `/api/patterns/${id}`, { ...body, name: 'Changed', tag_ids: [f.eco, 999999999] });
    expect(refused.status).toBe(422);
    expect((await send('GET', `/api/patterns/${id}`)).body.data).toMatchObject({
      name: `Ghost ${f.tag}`,
      tags: [{ id: f.winter }],
    });
  });

  it('searches by name, filters by brand, category and active, and pages', async () => {
    const f = await fixtures();
    const other = await create('/api/tire-brands', { name: `Other ${f.tag}` });
    const make = (name: string, extra: Record<string, unknown> = {}) =>
      create('/api/patterns', { name: `${name} ${f.tag}`, category: 'automotive', price: 5, tire_brand_id: f.brand, ...extra });
    const alpha = await make('Alpha');
    const bravo = await make('Bravo', { category: 'industrial' });
    const charlie = await make('Charlie', { is_active: false });
    const delta = await make('Delta', { tire_brand_id: other });

    const page1 = await send('GET', `/api/patterns?search=${f.tag.toUpperCase()}&per_page=3`);
    expect(page1.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 3, total: 4 });
    expect(ids(page1.body.data)).toEqual([alpha, bravo, charlie]);
    const page2 = await send('GET', `/api/patterns?search=${f.tag}&per_page=3&page=2`);
    expect(ids(page2.body.data)).toEqual([delta]);

    const query = (params: string) => send('GET', `/api/patterns?search=${f.tag}&${params}`).then((a) => ids(a.body.data));
    expect(await query(`tire_brand_id=${f.brand}`)).toEqual([alpha, bravo, charlie]);
    expect(await query('category=industrial')).toEqual([bravo]);
    expect(await query('is_active=0')).toEqual([charlie]);
    expect(await query(`is_active=true&tire_brand_id=${f.brand}&category=automotive`)).toEqual([alpha]);
    expect((await send('GET', '/api/patterns?category=racing')).status).toBe(422);
  });

  it('lists every pattern of a brand by name', async () => {
    const f = await fixtures();
    const names = ['m', 'Z', 'a', ...Array.from({ length: 22 }, (_, i) => `q${String(i).padStart(2, '0')}`)];
    for (const name of names) {
      await create('/api/patterns', { name: `${name} ${f.tag}`, category: 'automotive', price: 1, tire_brand_id: f.brand });
    }
    await create('/api/patterns', { name: `elsewhere ${f.tag}`, category: 'automotive', price: 1 });
    const answer = await send('GET', `/api/patterns/by-brand/${f.brand}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['data']);
    expect(answer.body.data).toHaveLength(25);
    expect(answer.body.data.slice(0, 3).map((row: { name: string }) => row.name)).toEqual([`a ${f.tag}`, `m ${f.tag}`, `q00 ${f.tag}`]);
    expect(answer.body.data.at(-1)).toMatchObject({ name: `Z ${f.tag}`, tire_brand: { id: f.brand } });

    const empty = await create('/api/tire-brands', { name: `Empty ${f.tag}` });
    expect((await send('GET', `/api/patterns/by-brand/${empty}`)).body).toEqual({ data: [] });
    for (const id of ['999999999', 'abc']) {
      const missing = await send('GET', `/api/patterns/by-brand/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Tire brand not found' });
    }
  });
});
