import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { MAX_BODY_BYTES } from '../../worker/src/http/body-limit.ts';
import { call, signIn, uniqueTag } from '../support/api.ts';
import { searchCondition } from '../../worker/src/routes/resource.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  ({ token } = await signIn(h));
});
afterAll(() => h.close());

const areas = [
  {
    path: '/api/customers',
    notFound: 'Customer not found',
    record: (tag: string) => ({
      name: `Maria ${tag}`,
      email: `maria.${tag}@example.com`,
      phone: '(555) 201-4410',
      address: '42 Oak Avenue, Springfield',
      company_name: 'Gonzalez Cabs',
    }),
    optional: ['email', 'company_name'],
  },
  {
    path: '/api/suppliers',
    notFound: 'Supplier not found',
    record: (tag: string) => ({
      name: `Apex ${tag}`,
      contact_person: 'Rita Okafor',
      email: `sales.${tag}@apex.example`,
      phone: '(555) 100-3100',
      address: '44 Volt Street, Springfield',
    }),
    optional: ['email', 'contact_person'],
  },
];

describe.each(areas)('$path', ({ path, notFound, record, optional }) => {
  const send = (method: string, url: string, body?: unknown) => call(h, method, url, { token, body });

  it('creates, shows, updates and deletes a record', async () => {
    const input = record(uniqueTag());
    const created = await send('POST', path, { ...input, id: 4242, created_at: '2000-01-01T00:00:00Z', role: 'admin' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject(input);
    expect(created.body.data.id).not.toBe(4242);
    expect(created.body.data).not.toHaveProperty('role');
    expect(created.body.data.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    const id = created.body.data.id;

    const shown = await send('GET', `${path}/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(created.body.data);

    const updated = await send('PUT', `${path}/${id}`, { ...input, name: `${input.name} Jr`, email: '' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: `${input.name} Jr`, email: null });

    expect((await send('DELETE', `${path}/${id}`)).status).toBe(204);
    const gone = await send('GET', `${path}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: notFound });
    expect((await send('DELETE', `${path}/${id}`)).status).toBe(404);
    expect((await send('PUT', `${path}/${id}`, input)).status).toBe(404);
  });

  it('leaves the optional fields empty when they are not given, and trims text', async () => {
    const input = record(uniqueTag());
    for (const field of optional) delete (input as Record<string, unknown>)[field];
    const created = await send('POST', path, { ...input, name: `  ${input.name}  ` });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe(input.name);
    for (const field of optional) expect(created.body.data[field]).toBeNull();
  });

  it('says what is wrong with the input, field by field', async () => {
    const missing = await send('POST', path, {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Name is required');
    expect(missing.body.errors).toMatchObject({
      name: ['Name is required'],
      phone: ['Phone is required'],
      address: ['Address is required'],
    });
    const blank = await send('POST', path, { ...record(uniqueTag()), name: '   ', email: 'not-an-email' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      name: ['Name is required'],
      email: ['Email must be a valid email address'],
    });
    const wrongTypes = await send('POST', path, { ...record(uniqueTag()), name: 12, phone: ['555'], address: { a: 1 } });
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body.errors).toEqual({
      name: ['Name must be text'],
      phone: ['Phone must be text'],
      address: ['Address must be text'],
    });
    const tooLong = await send('POST', path, { ...record(uniqueTag()), name: 'x'.repeat(256) });
    expect(tooLong.body.errors).toEqual({ name: ['Name must be at most 255 characters'] });
  });

  it('answers 404 for ids that do not exist or are not ids', async () => {
    for (const id of ['999999999', '0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const answer = await send('GET', `${path}/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: notFound });
    }
  });

  it('searches by name or phone on the server, and pages the result', async () => {
    const tag = uniqueTag();
    const digits = String(Math.floor(1000000 + Math.random() * 8999999));
    const phone = `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
    for (let i = 1; i <= 5; i++) {
      const answer = await send('POST', path, { ...record(tag), name: `Zed ${tag} ${i}`, phone: i === 3 ? phone : '555 0000' });
      expect(answer.status).toBe(201);
    }
    const byName = await send('GET', `${path}?search=${tag.toUpperCase()}&per_page=2`);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(byName.body.data.map((row: { name: string }) => row.name)).toEqual([`Zed ${tag} 1`, `Zed ${tag} 2`]);

    const last = await send('GET', `${path}?search=${tag}&per_page=2&page=3`);
    expect(last.body.data.map((row: { name: string }) => row.name)).toEqual([`Zed ${tag} 5`]);
    const beyond = await send('GET', `${path}?search=${tag}&per_page=2&page=9`);
    expect(beyond.body).toMatchObject({ data: [], current_page: 9, last_page: 3, total: 5 });

    for (const search of [phone, digits, `${digits.slice(0, 3)}-${digits.slice(3)}`]) {
      const byPhone = await send('GET', `${path}?search=${encodeURIComponent(search)}`);
      expect(byPhone.body.data.map((row: { name: string }) => row.name)).toEqual([`Zed ${tag} 3`]);
    }
    const none = await send('GET', `${path}?search=nothing-like-${tag}`);
    expect(none.body).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('refuses paging outside its bounds', async () => {
    const cases: [string, string][] = [
      ['page=0', 'Page must be at least 1'],
      ['page=abc', 'Page must be a whole number'],
      ['page=1.5', 'Page must be a whole number'],
      ['per_page=101', 'Per page must be at most 100'],
      ['per_page=0', 'Per page must be at least 1'],
    ];
    for (const [query, message] of cases) {
      const answer = await send('GET', `${path}?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(message);
    }
    const full = await send('GET', `${path}?per_page=100`);
    expect(full.status).toBe(200);
    expect(full.body.per_page).toBe(100);
  });

  it('answers hostile input with 4xx, never 500', async () => {
    const raw = (rawBody: string, headers?: Record<string, string>) => call(h, 'POST', path, { token, rawBody, headers });
    const malformed = await raw('{"name": "x",');
    expect(malformed.status).toBe(422);
    expect(malformed.body.message).toBe('The request body must be valid JSON.');
    for (const body of ['[1,2]', 'null', '"text"', '42']) {
      const answer = await raw(body);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('The request body must be a JSON object.');
    }
    const huge = await raw(JSON.stringify({ ...record(uniqueTag()), address: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The request is too large.');

    const injected = await send('GET', `${path}?search=${encodeURIComponent("x' or '1'='1'; drop table public.customers; --")}`);
    expect(injected.status).toBe(200);
    expect(injected.body.total).toBe(0);
    const wildcard = await send('GET', `${path}?search=${encodeURIComponent('%_%')}`);
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.total).toBe(0);
    const nul = await send('POST', path, { ...record(uniqueTag()), name: 'Nul \u0000 byte' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ name: ['Name must not contain invalid characters'] });
    const markup = `O'Brien <script>alert(1)</script> ${uniqueTag()}`;
    const stored = await send('POST', path, { ...record(uniqueTag()), name: markup });
    expect(stored.status).toBe(201);
    expect(stored.body.data.name).toBe(markup);
    expect((await send('GET', path)).status).toBe(200);
  });
});

describe('searching customers and suppliers at a chain’s size', () => {
  it.each(['customers', 'suppliers'])('finds %s by name or phone through indexes, not by reading every row', async (table) => {
    // The search's own SQL; with sequential scans switched off the plan shows whether indexes can serve it.
    const condition = searchCondition(['name', 'phone'], ['phone'])("'smith'");
    const plan = await h.withDb((db) =>
      db.transaction(async (tx) => {
        await tx.query('set local enable_seqscan = off');
        return tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) select count(*) from public.${table} where ${condition}`);
      }),
    );
    const text = JSON.stringify(plan);
    expect(text).not.toContain('Seq Scan');
    expect(text).toContain(`${table}_name_trgm_idx`);
    expect(text).toContain(`${table}_phone_trgm_idx`);
  });
});
