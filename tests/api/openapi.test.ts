import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { PERMISSIONS } from '../../worker/src/auth/permissions.ts';
import { call } from '../support/api.ts';
import type { OpenApiDocument } from '../support/contract.ts';
import type { Harness } from '../support/harness.ts';
import { routesOfTheApp } from '../support/routes.ts';

let h: Harness;
let document: OpenApiDocument;

beforeAll(async () => {
  h = await createHarness();
  const answer = await call<OpenApiDocument>(h, 'GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => h.close());

/** `GET /api/customers/:id` → the document's `get` of `/api/customers/{id}`. */
const documentKey = (route: string) => {
  const [method, path] = route.split(' ');
  return { method: method.toLowerCase(), path: path.replace(/:(\w+)/g, '{$1}') };
};


const described = (route: string) => {
  const { method, path } = documentKey(route);
  return document.paths[path]?.[method];
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme, served to anyone', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document).toMatchObject({
      info: { title: 'Wheelhouse API' },
      servers: [{ url: '/' }],
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    });
    const answer = await call(h, 'GET', '/api/openapi.json');
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('is a valid OpenAPI 3.1 document', async (ctx) => {
    ctx.skip(h.runtime === 'workerd', 'the validator compiles schemas into functions, which workerd does not allow; the document is the same');
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the app, and no route that is not there', () => {
    const routes = routesOfTheApp().filter((route) => route !== 'GET /api/docs');
    expect(routes.filter((route) => !described(route))).toEqual([]);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(operations.filter((operation) => !routes.includes(operation))).toEqual([]);
  });

  it('gives every operation a summary, a success with its schema, and the refusals its rule and path allow', () => {
    for (const route of Object.keys(PERMISSIONS)) {
      if (route === 'GET /api/docs') continue;
      const operation = described(route)!;
      const statuses = Object.keys(operation.responses);
      const success = statuses.filter((status) => status.startsWith('2'));
      expect(operation.summary, route).toBeTruthy();
      expect(success, route).toHaveLength(1);
      const answer = operation.responses[success[0]];
      if (success[0] !== '204') expect(Object.values(answer.content ?? {})[0]?.schema, route).toBeTruthy();
      for (const status of statuses.filter((s) => !s.startsWith('2'))) {
        const body = status === '412' ? 'StaleRecord' : 'Error';
        expect(operation.responses[status].content?.['application/json'].schema, `${route} ${status}`).toEqual({ $ref: `#/components/schemas/${body}` });
      }
      const rule = PERMISSIONS[route];
      // A public route lists the refusals it gives itself (sign-in: 401 for a wrong password).
      if (rule === 'public') expect(operation.security, route).toEqual([]);
      else expect(statuses, route).toEqual(expect.arrayContaining(['401', '503']));
      if (rule !== 'public') expect(statuses.includes('403'), route).toBe(rule !== 'self');
      if (route.includes('/:')) expect(statuses, route).toContain('404');
      if (operation.requestBody) expect(statuses, route).toEqual(expect.arrayContaining(['413', '422']));
      if (!route.startsWith('GET ') && !route.startsWith('DELETE ') && !operation.requestBody) {
        // A write without a body must say so on purpose: only the routes that take none.
        expect(BODYLESS_WRITES, route).toContain(route);
      }
    }
  });

  it('names each operation once', () => {
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows the reference at /api/docs with Swagger UI served from the app itself', async () => {
    const answer = await call(h, 'GET', '/api/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(answer.body).toContain('<script src="/api-docs/swagger-ui-bundle.js"></script>');
    expect(answer.body).not.toMatch(/https?:\/\//);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

/** Writes that take no body: the action is the path itself. */
const BODYLESS_WRITES = [
  'POST /api/auth/logout',
  'POST /api/profile/sessions/sign-out-others',
  'POST /api/invoices/:id/send',
  'POST /api/invoices/:id/cancel',
  'POST /api/sales/:id/complete',
  'POST /api/sales/:id/cancel',
  'POST /api/purchases/:id/cancel',
  'POST /api/quotes/:id/send',
  'POST /api/quotes/:id/accept',
  'POST /api/quotes/:id/decline',
  'POST /api/credit-notes/:id/cancel',
  'POST /api/stock-counts/:id/cancel',
  'POST /api/users/:id/disable',
  'POST /api/users/:id/enable',
  'POST /api/users/:id/unlock',
  'POST /api/transfers/:id/ship',
  'POST /api/transfers/:id/cancel',
];
