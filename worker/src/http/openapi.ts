import type { Hono, MiddlewareHandler } from 'hono';
import { describeRoute, generateSpecs } from 'hono-openapi';
import { z } from 'zod';
import { ruleOf } from '../auth/permissions.ts';
import { idempotent, IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts';
import { ID_PATTERN } from './validate.ts';

/**
 * What a route takes and answers, written next to its handler. The document is built from these and
 * from the zod schemas the route validates with, so it says what the code does.
 */
export interface Contract {
  summary: string;
  tag: string;
  description?: string;
  /** The query string, as the route parses it. */
  query?: z.ZodObject;
  /** The JSON body, as the route reads it. */
  body?: z.ZodType;
  /** The body may be left out altogether. */
  bodyOptional?: true;
  /** The body is a CSV file (the route parses it itself). */
  csvBody?: true;
  /** A 200 answer with this JSON body. */
  ok?: z.ZodType;
  /** A 201 answer with this JSON body. */
  created?: z.ZodType;
  /** A 204 answer, without a body. */
  noContent?: true;
  /** A 200 answer with a CSV file. */
  csv?: true;
  /** The path's `id` is a session's UUID rather than a record's number. */
  uuidId?: true;
  /** Refusals besides those every route of its kind can give (401, 403, 404, 413, 422 are added). */
  errors?: (400 | 401 | 403 | 404 | 409 | 422 | 428 | 429 | 503)[];
  /** The answer is one record, with its version as the ETag header. */
  etag?: true;
  /** An update of a record: takes the version read as If-Match (412 when stale), answers the new ETag. */
  ifMatch?: true;
}

type JsonSchema = Record<string, unknown>;

const COMPONENT_PREFIX = '#/components/schemas/';

/** Schemas named with `.meta({ id })`, shared by every operation that uses them. */
const components: Record<string, JsonSchema> = {};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  // Schemas named with `.meta({ id })` come back under `$defs`; the document keeps them in its components.
  const { $schema: _, $defs, ...rest } = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', `"${COMPONENT_PREFIX}`)) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= definition;
  return rest;
}

/** `{message}`, and for 422 `errors`: each field's messages (`_` for the request as a whole). */
export const errorBody = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() })
  .meta({ id: 'Error' });

const REFUSALS: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed for this user',
  404: 'Not found',
  409: 'Refused: it conflicts with the current state',
  413: 'The request body is larger than 256 KB',
  412: 'The record has changed since the version named in If-Match',
  422: 'The input is invalid',
  428: 'Stock changed since this form was opened: the update must name the version read (If-Match)',
  429: 'Too many failed attempts',
  500: 'Something went wrong on our side: the message gives a reference, the X-Request-Id of the answer, that names the log line of the server',
  503: 'The database did not answer, or not in time (the statement timeout), or has not been migrated to this version of the app',
};

/** A 412's body: the message, and the record's current version with who changed it last and when. */
export const staleBody = z
  .object({ message: z.string(), version: z.number().int(), changed_by: z.string().nullable(), changed_at: z.string().nullable() })
  .meta({ id: 'StaleRecord' });

const json = (schema: z.ZodType) => ({ 'application/json': { schema: jsonSchemaOf(schema, 'output') } });
const refusal = (status: number) => ({ description: REFUSALS[status], content: json(status === 412 ? staleBody : errorBody) });

const ETAG_HEADER = { ETag: { description: "The record's version, to send back as If-Match with an update", schema: { type: 'string' } } };
const IF_MATCH = {
  in: 'header',
  name: 'If-Match',
  required: false,
  description:
    "The ETag of the record as read. When it is not the record's current version the update changes nothing and answers 412. " +
    'Without it plain fields are updated, but a product\'s stock may not move (428).',
  schema: { type: 'string', pattern: '^(W/)?"[0-9]{1,9}"$|^\\*$' },
};

type Operation = Parameters<typeof describeRoute>[0];

/**
 * The route's description, as a middleware that does nothing but carry it. Its schemas are turned
 * into JSON Schema only when the document is first asked for, not when the app starts.
 */
export function describe(contract: Contract): MiddlewareHandler {
  let operation: Operation | undefined;
  const described = {} as Operation;
  for (const key of ['summary', 'description', 'tags', 'parameters', 'requestBody', 'responses'] as const) {
    Object.defineProperty(described, key, { enumerable: true, get: () => (operation ??= operationOf(contract))[key] });
  }
  return describeRoute(described);
}

function operationOf(contract: Contract): Operation {
  const responses: Record<string, unknown> = {};
  const headers = contract.etag || contract.ifMatch ? { headers: ETAG_HEADER } : {};
  if (contract.ok) responses[200] = { description: 'OK', ...headers, content: json(contract.ok) };
  if (contract.csv) responses[200] = { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } };
  if (contract.created) responses[201] = { description: 'Created', content: json(contract.created) };
  if (contract.noContent) responses[204] = { description: 'Done, nothing to show' };
  const errors = new Set<number>(contract.errors);
  if (contract.ifMatch) errors.add(412);
  if (contract.query || contract.body || contract.csvBody) errors.add(422);
  if (contract.body || contract.csvBody) errors.add(413);
  for (const status of [...errors].sort()) responses[status] = refusal(status);

  const parameters: unknown[] = [];
  if (contract.query) {
    const { properties = {}, required = [] } = jsonSchemaOf(contract.query, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ in: 'query', name, required: required.includes(name), schema });
    }
  }
  if (contract.ifMatch) parameters.push(IF_MATCH);
  if (contract.uuidId) parameters.push({ in: 'path', name: 'id', required: true, schema: { type: 'string', format: 'uuid' } });
  return {
    summary: contract.summary,
    description: contract.description,
    tags: [contract.tag],
    parameters: parameters as never,
    requestBody: contract.body
      ? { required: !contract.bodyOptional, content: { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') as never } } }
      : contract.csvBody && { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
    responses: responses as never,
  };
}

// ---- The document ----

type DocumentOperation = {
  parameters?: { in: string; name: string; schema?: JsonSchema; required?: boolean }[];
  responses: Record<string, unknown>;
  security?: unknown[];
};

const IDEMPOTENCY_KEY = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: 'The same key and body from the same user within 24 hours is answered once.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

const documents = new WeakMap<object, Promise<unknown>>();

/**
 * The OpenAPI 3.1 document of `app`: every route that carries a `describe`. The refusals every
 * route shares are added here, from the route's path and its rule in PERMISSIONS.
 */
export function openApiDocument(app: Hono<any, any, any>): Promise<unknown> {
  let document = documents.get(app);
  if (!document) {
    document = build(app);
    documents.set(app, document);
  }
  return document;
}

async function build(app: Hono<any, any, any>) {
  const spec = (await generateSpecs(app as Hono, {
    excludeStaticFile: false,
    documentation: {
      info: {
        title: 'Wheelhouse API',
        version: '1',
        description:
          'The back office of a shop that sells tires, batteries, wipers and fitting services from several branches. ' +
          'Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`. ' +
          'Money is in the shop currency with two decimals; dates are YYYY-MM-DD.',
      },
      // Paths are under /api on whichever host serves the document.
      servers: [{ url: '/' }],
      security: [{ bearer: [] }],
    },
  })) as unknown as { paths: Record<string, Record<string, DocumentOperation>> };
  // The routes that run the idempotent middleware take an Idempotency-Key.
  const idempotentRoutes = new Set(app.routes.filter((route) => route.handler === idempotent).map((route) => `${route.method} ${route.path}`));

  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const rule = ruleOf(route);
      if (rule === 'public') operation.security = [];
      const added: number[] = [];
      if (idempotentRoutes.has(route)) {
        (operation.parameters ??= []).push(IDEMPOTENCY_KEY);
        added.push(409, 422);
      }
      // Any request may meet a database that does not answer (503) or an error of ours (500); any
      // write may take a stock, an amount or a kept total past what its column holds (422).
      added.push(500, 503);
      if (method !== 'get') added.push(422);
      if (rule !== 'public') added.push(401);
      if (rule !== 'public' && rule !== 'self') added.push(403);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path') continue;
        added.push(404);
        if (parameter.name === 'id' && !parameter.schema?.format) parameter.schema = { type: 'string', pattern: ID_PATTERN.source };
      }
      for (const status of added) operation.responses[status] ??= refusal(status);
      operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return {
    ...spec,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
