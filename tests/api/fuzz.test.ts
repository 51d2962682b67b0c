import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import { HOSTILE_DATES, HOSTILE_NUMBERS, HOSTILE_QUERY_VALUES, HOSTILE_STRINGS, badValueOf, invalidObjectOf, validOf, type Context, type JsonSchema } from '../support/arbitrary.ts';
import { catalogueFixture, tireBody, type CatalogueFixture } from '../support/catalogue.ts';
import type { Operation } from '../support/contract.ts';
import type { Harness } from '../support/harness.ts';
import { documentOfTheApp } from '../support/routes.ts';

/**
 * The API fuzzer: for every operation of the OpenAPI document, requests made from its schemas, valid
 * ones and broken ones (wrong types, missing and extra fields, numbers out of range, hostile text,
 * ids that do not exist or name another kind of record). Every answer must keep to the document:
 * a status it lists for the operation (so never a 5xx) and a body that matches its schema; `call()`
 * checks both (tests/support/contract.ts).
 *
 *   FUZZ_API_RUNS=200   requests per operation (default 16)
 *   FUZZ_SEED=42        another seed (the default is fixed, so a regular run is repeatable)
 *   FUZZ_PATH=...       with FUZZ_SEED and `-t '<METHOD> <path>'`, replays the failing case fast-check
 *                       reported for that operation
 *
 * A failure prints the operation, the seed, the shrunk request and what was wrong with the answer.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_API_RUNS ?? 16);
const PATH = process.env.FUZZ_PATH;

const document = await documentOfTheApp();

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Routes that end the session they are sent with: each request gets a session of its own. */
const SESSION_ENDERS = new Set(['POST /api/auth/logout']);

const operations = Object.entries(document.paths)
  .flatMap(([template, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })))
  .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));

const CSV_HEADER = 'brand,tire_type,size,dot,made_in,date_received,supplier,location,cost_price,selling_price,quantity\n';
/**
 * Imports with numbers and dates past their columns (names that exist, so the rows go as far as
 * they can), one row more than an import takes, and 100,000 rows (past the body limit). Made once
 * the fixture's names are known.
 */
let hostileCsv: string[] = [];
function hostileCsvOf(f: CatalogueFixture): string[] {
  const row = (values: { date?: string; price?: unknown; quantity?: unknown }) =>
    [f.names.brand, f.names.type, '205/55 R16', '2324', 'Japan', values.date ?? '2026-01-01', f.names.supplier, f.names.downtown, values.price ?? 10, values.price ?? 20, values.quantity ?? 3].join(',') + '\n';
  return [
    ...HOSTILE_NUMBERS.map((n) => CSV_HEADER + row({ price: n }) + row({ quantity: n })),
    CSV_HEADER + row({ price: 9_999_999_999.99, quantity: 1_000_000 }),
    ...HOSTILE_DATES.map((date) => CSV_HEADER + row({ date })),
    CSV_HEADER + row({}).repeat(2_001),
    CSV_HEADER + 'B,T,1,1,X,2026-01-01,S,L,1,2,3\n'.repeat(100_000),
  ];
}

interface FuzzRequest {
  path: string;
  body?: unknown;
  rawBody?: string;
  headers: Record<string, string>;
}

let h: Harness;
let admin: SignedIn;
/** Ids of records that exist, by the collection they are listed under (`/api/customers`). */
const pools: Record<string, number[]> = {};
let allIds: number[] = [];

/** The collection whose ids a path parameter or a body field names. */
const POOL_OF_FIELD: Record<string, string> = {
  customer_id: '/api/customers',
  vehicle_id: '/api/vehicles',
  supplier_id: '/api/suppliers',
  location_id: '/api/locations',
  home_location_id: '/api/locations',
  from_location_id: '/api/locations',
  to_location_id: '/api/locations',
  product_id: '/api/products',
  tire_brand_id: '/api/tire-brands',
  tire_type_id: '/api/tire-types',
  made_in_id: '/api/made-ins',
  battery_brand_id: '/api/battery-brands',
  pattern_id: '/api/patterns',
  tag_ids: '/api/tags',
  user_id: '/api/users',
  record_id: '/api/invoices',
  receiptable_id: '/api/invoices',
};
const POOL_OF_PATH: [RegExp, string][] = [
  [/^\/api\/reports\/customer-balance\//, '/api/customers'],
  [/^\/api\/reports\/supplier-balance\//, '/api/suppliers'],
  [/^\/api\/patterns\/by-brand\//, '/api/tire-brands'],
  [/^\/api\/products\/\{id\}/, '/api/products'],
];

function poolForPath(template: string): number[] {
  const special = POOL_OF_PATH.find(([pattern]) => pattern.test(template));
  const collection = special ? special[1] : template.slice(0, template.indexOf('/{'));
  return pools[collection] ?? [];
}

function contextFor(template: string): Context {
  return {
    resolve: (ref) => document.components.schemas[ref.split('/').pop()!] as JsonSchema,
    foreignIds: allIds,
    idsFor: (name) => {
      if (name === 'id') return poolForPath(template);
      if (!name.endsWith('_id') && !name.endsWith('_ids')) return [];
      const own = pools[POOL_OF_FIELD[name] ?? ''] ?? [];
      return own.length ? own : allIds;
    },
  };
}

/** A value for the query string; a lone surrogate, which has no UTF-8, is sent as the bytes it would have had. */
const queryText = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd')).replaceAll('%EF%BF%BD', '%ED%A0%80');
  }
};

/** A request for `operation`: valid, or broken in one place. */
function requestOf(method: string, template: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const ctx = contextFor(template);
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
  const csvBody = Boolean((operation.requestBody?.content as Record<string, unknown> | undefined)?.['text/csv']);
  const idempotent = parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');

  // The fuzzer's own user is never the one disabled, demoted or reset: its later requests would all be refused.
  const others = allIds.filter((id) => !template.startsWith('/api/users/') || id !== admin.user.id);
  const broken = fc.constantFrom('0', '-1', 'abc', '99999999999999999999', '1.5', '%00', '%FF', encodeURIComponent("1' or '1'='1"));
  const pathValue = (name: string) =>
    template === '/api/profile/sessions/{id}'
      ? fc.oneof(fc.uuid(), broken)
      : fc.oneof(
          { weight: 6, arbitrary: (validOf({ type: 'integer', minimum: 1 }, ctx, name) as fc.Arbitrary<number>).map(String) },
          { weight: 1, arbitrary: broken },
          { weight: 1, arbitrary: fc.constantFrom(...others.map(String)) },
        );
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.name).map((value) => [p.name, value] as const)))
    .map((values) => values.reduce((built, [name, value]) => built.replace(`{${name}}`, value), template));

  // A null stands for a parameter left out: a query string has no null.
  const validQuery = fc
    .record(Object.fromEntries(queryParams.map((p) => [p.name, validOf(p.schema as JsonSchema, ctx, p.name)])), {
      requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    })
    .map((values) => Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (value === null ? [] : [[name, queryText(value)]]))));
  const query = queryParams.length
    ? fc.oneof(
        { weight: 3, arbitrary: validQuery },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              validQuery,
              fc.constantFrom(...queryParams).chain((p) =>
                fc.tuple(fc.constant(p), fc.oneof(badValueOf(p.schema as JsonSchema, ctx).map(queryText), fc.constantFrom(...HOSTILE_QUERY_VALUES))),
              ),
            )
            .map(([valid, [p, bad]]) => ({ ...valid, [p.name]: bad })),
        },
        { weight: 1, arbitrary: validQuery.map((valid) => ({ ...valid, unknown_filter: queryText(HOSTILE_STRINGS[4]) })) },
      )
    : fc.constant({} as Record<string, string>);

  const body: fc.Arbitrary<Pick<FuzzRequest, 'body' | 'rawBody'>> = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: validOf(bodySchema, ctx).map((value) => ({ body: value })) },
        { weight: 4, arbitrary: invalidObjectOf(bodySchema, ctx).map((value) => ({ body: value })) },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '"text"', `{"name":"${'z'.repeat(300_000)}"}`).map((rawBody) => ({ rawBody })) },
      )
    : csvBody
      ? fc.constantFrom('', 'size,dot\n', 'a,b\n1,2\n', `${'x,'.repeat(50)}\n${HOSTILE_STRINGS.join(',')}\n`, ...hostileCsv).map((rawBody) => ({ rawBody }))
      : fc.constant({});

  const headers = idempotent
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 3, arbitrary: fc.uuid().map((key) => ({ 'Idempotency-Key': key })) },
        { weight: 1, arbitrary: fc.constantFrom('', 'k'.repeat(300), 'key with spaces').map((key) => ({ 'Idempotency-Key': key })) },
      )
    : fc.constant({});

  return fc.record({ path, query, body, headers }).map(({ path: built, query: params, body: sent, headers: extra }) => {
    const search = Object.entries(params).map(([name, value]) => `${name}=${value}`).join('&');
    return { path: search ? `${built}?${search}` : built, ...sent, headers: { ...extra, ...(csvBody ? { 'content-type': 'text/csv' } : {}) } };
  });
}

async function ids(path: string): Promise<number[]> {
  const answer = await call(h, 'GET', path, { token: admin.token });
  return Array.isArray(answer.body?.data) ? answer.body.data.map((row: { id: number }) => row.id).filter(Number.isInteger) : [];
}

async function created(path: string, body: unknown): Promise<number> {
  const answer = await call(h, 'POST', path, { token: admin.token, body });
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
}

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  const f = await catalogueFixture(h);
  hostileCsv = hostileCsvOf(f);
  const today = new Date().toISOString().slice(0, 10);
  const customerId = await created('/api/customers', { name: `Fuzz ${uniqueTag()}`, phone: '555 0199', address: '9 Test Lane' });
  await created(`/api/customers/${customerId}/vehicles`, { plate: 'FZ 1', vin: '1M8GDM9AXKP042788', make: 'Ford', year: 2015 });
  const tireId = await created('/api/tires', tireBody(f, { quantity: 1_000, size: `185 / 65 R 15 ${uniqueTag()}` }));
  const line = { product_id: tireId, quantity: 1, unit_price: 50 };
  const invoice = { customer_id: customerId, location_id: f.downtownId, issued_date: today, due_date: today, items: [line] };
  await created('/api/invoices', invoice);
  const sentId = await created('/api/invoices', { ...invoice, status: 'sent' });
  const saleLine = { product_id: tireId, quantity: 1, selling_price: 50 };
  await created('/api/sales', { customer_id: customerId, location_id: f.downtownId, sale_date: today, payment_method: 'cash', items: [saleLine] });
  const purchaseLine = { product_id: tireId, quantity: 2, cost_price: 30 };
  await created('/api/purchases', { supplier_id: f.supplierId, location_id: f.downtownId, purchase_date: today, status: 'ordered', items: [purchaseLine] });
  await created('/api/receipts', { receipt_date: today, type: 'income', receiptable_type: 'Invoice', receiptable_id: sentId, amount: 10, payment_method: 'cash' });
  await created('/api/users', {
    name: 'Fuzz staff', email: `fuzz-${uniqueTag()}@example.test`, role: 'staff', home_location_id: f.northsideId,
    password: 'fuzz-first-secret', password_confirmation: 'fuzz-first-secret',
  });

  const collections = Object.keys(document.paths).filter((path) => !path.includes('{') && document.paths[path].get);
  for (const collection of collections) {
    const perPage = document.paths[collection].get.parameters?.some((p) => p.name === 'per_page');
    if (!perPage) continue;
    pools[collection] = (await ids(`${collection}?per_page=6`)).filter((id) => collection !== '/api/users' || id !== admin.user.id);
  }
  pools['/api/products'] = (await ids('/api/products?per_page=6')).concat(tireId);
  allIds = [...new Set(Object.values(pools).flat())];
}, 120_000);
/** Answers by operation and status, printed at the end: a fuzzer that only ever hears 422 proves little. */
const answers: Record<string, Record<number, number>> = {};
afterAll(async () => {
  const lines = Object.entries(answers).map(([operation, counts]) => `  ${operation}: ${Object.entries(counts).map(([status, n]) => `${status}×${n}`).join(' ')}`);
  const total = Object.values(answers).flatMap((counts) => Object.entries(counts));
  const sum = (filter: (status: number) => boolean) => total.filter(([status]) => filter(Number(status))).reduce((n, [, count]) => n + count, 0);
  console.info(`fuzz (${h.runtime}): ${sum(() => true)} requests, ${sum((s) => s < 300)} 2xx, ${sum((s) => s >= 400)} 4xx, seed ${SEED}\n${lines.join('\n')}`);
  await h.close();
});

describe('the API fuzzer', () => {
  it.each(operations.map((entry) => [`${entry.method} ${entry.template}`, entry] as const))(
    '%s keeps to the document',
    async (_, { method, template, operation }) => {
      const ownSession = async () => {
        if (!SESSION_ENDERS.has(`${method} ${template}`)) return admin.token;
        const signedIn = await call(h, 'POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
        return signedIn.body.token as string;
      };
      await fc.assert(
        fc.asyncProperty(requestOf(method, template, operation), async (request) => {
          const token = await ownSession();
          const answer = await call(h, method, request.path, { token, body: request.body, rawBody: request.rawBody, headers: request.headers });
          const counts = (answers[`${method} ${template}`] ??= {});
          counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          if (process.env.FUZZ_DEBUG && answer.status === 422 && counts[answer.status] <= 3) console.log(method, request.path.slice(0, 200), JSON.stringify(request.body)?.slice(0, 300), JSON.stringify(answer.body).slice(0, 300));
          if (answer.status >= 500) throw new Error(`${method} ${request.path} answered ${answer.status}`);
        }),
        { seed: SEED, path: PATH, numRuns: RUNS, endOnFailure: false },
      );
    },
    120_000,
  );
});
