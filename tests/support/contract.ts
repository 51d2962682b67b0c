import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Harness } from './harness.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type JsonSchema = Record<string, unknown>;
interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}
export interface Operation {
  operationId: string;
  summary?: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, Response>;
  security?: unknown[];
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface FoundOperation {
  method: string;
  /** The path as the document writes it: `/api/customers/{id}`. */
  template: string;
  operation: Operation;
}

/**
 * The API's OpenAPI document, as a checker of answers: whether a status is one the document lists
 * for the operation, and whether the body matches the schema it gives for that status.
 */
export class ApiContract {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<JsonSchema, ValidateFunction>();
  private readonly routes: { method: string; template: string; pattern: RegExp; params: number }[];

  constructor(readonly document: OpenApiDocument) {
    this.ajv = addFormats(new Ajv2020({ allErrors: false, strict: false }));
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      this.ajv.addSchema(schema, `#/components/schemas/${name}`);
    }
    this.routes = Object.entries(document.paths)
      .flatMap(([template, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
          params: (template.match(/\{/g) ?? []).length,
        })),
      )
      // A fixed segment wins over a parameter: /api/tires/export before /api/tires/{id}.
      .sort((a, b) => a.params - b.params);
  }

  find(method: string, path: string): FoundOperation | null {
    const pathname = path.split('?')[0];
    const route = this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(pathname));
    return route ? { method: route.method, template: route.template, operation: this.document.paths[route.template][route.method.toLowerCase()] } : null;
  }

  /** Why an answer breaks the document, or null when it keeps to it (or no operation is described there). */
  violation(method: string, path: string, answer: { status: number; contentType: string | null; text: string }): string | null {
    const found = this.find(method, path);
    if (!found) return null;
    const response = found.operation.responses[String(answer.status)];
    const where = `${method} ${path} (${found.template}) answered ${answer.status}`;
    if (!response) return `${where}, which the document does not list (it lists ${Object.keys(found.operation.responses).join(', ')})`;
    if (!response.content) return answer.text === '' ? null : `${where} with a body, where the document says none`;
    const [mediaType, media] = Object.entries(response.content)[0];
    if (!answer.contentType?.startsWith(mediaType)) return `${where} as ${answer.contentType}, where the document says ${mediaType}`;
    if (mediaType !== 'application/json') return null;
    const validate = this.validatorOf(media.schema);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `${where} with a body that is not JSON: ${answer.text.slice(0, 200)}`;
    }
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`)
      .join('; ');
    return `${where} with a body that does not match its schema: ${errors}\n${answer.text.slice(0, 1500)}`;
  }

  private validatorOf(schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

const contracts = new WeakMap<Harness, Promise<ApiContract>>();

/** The document the harness's app serves, read once per harness. */
export function contractOf(h: Harness): Promise<ApiContract> {
  let contract = contracts.get(h);
  if (!contract) {
    contract = h.fetch('/api/openapi.json').then(async (response) => {
      if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`);
      return new ApiContract((await response.json()) as OpenApiDocument);
    });
    contracts.set(h, contract);
  }
  return contract;
}

/**
 * Ajv compiles schemas into functions, which workerd does not allow; the document and the app's code
 * are the same there, so its answers are checked on the Node runtimes.
 */
export const checksAnswers = (h: Harness) => h.runtime !== 'workerd';
