import fc from 'fast-check';

/**
 * fast-check arbitraries made from the JSON Schemas of the API's OpenAPI document: values a schema
 * accepts, and values it should refuse (each a valid value with one thing broken).
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export interface Context {
  /** `#/components/schemas/X` → its schema. */
  resolve(ref: string): JsonSchema;
  /** Ids of records that exist, for a field or parameter of this name (`customer_id`, `id`...). */
  idsFor(name: string): number[];
  /** Ids of records of every kind. */
  foreignIds: number[];
}

/** Strings a careless back end trips on. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x'.repeat(10_000),
  "' or 1=1 --",
  "'; drop table customers; --",
  '%',
  '_',
  '\\',
  '%_\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '𝓣𝓲𝓻𝓮 🚗',
  ' ',
  '',
];

/** Dates PostgreSQL cannot hold (no year 0, at most 5874897) or that are not dates, and years outside 1900-2999. */
export const HOSTILE_DATES = ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '10000-01-01', '99999-01-01', '-0001-01-01', '2026-02-30', '2026-13-01', '2026-00-10'];

/** Numbers past an integer column (2^31 - 1), past a safe integer, past numeric(12,2) (money 1e12). */
export const HOSTILE_NUMBERS = [2_147_483_648, -2_147_483_649, 2 ** 53 + 1, 1e12, 9_999_999_999.995, 1e20, -1e12];

/** Text of the query string that is not valid UTF-8 once decoded, or not even percent-encoding. */
export const HOSTILE_QUERY_VALUES = ['%FF%FE', '%C3%28', '%ED%A0%80', '%', '%zz', '%00', 'a%00b'];

const dateText = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const recentDateText = fc.integer({ min: -60, max: 30 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** Values `schema` accepts. `name` is the field's or parameter's name (ids come from the context). */
export function validOf(schema: JsonSchema, ctx: Context, name = ''): fc.Arbitrary<unknown> {
  if (schema.$ref) return validOf(ctx.resolve(schema.$ref), ctx, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validOf(choice, ctx, name)));
  if (schema.allOf?.length) return validOf(schema.allOf[0], ctx, name);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...schema, type }, ctx, name)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerOf(schema, ctx, name);
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000;
      const max = Math.min(schema.maximum ?? 1_000_000, 100_000);
      return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
    }
    case 'string':
      return stringOf(schema, ctx, name);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? validOf(schema.items, ctx, name) : fc.string(), { minLength, maxLength: Math.min(schema.maxItems ?? 3, minLength + 3) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validOf(property, ctx, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function integerOf(schema: JsonSchema, ctx: Context, name: string): fc.Arbitrary<number> {
  const ids = name === 'id' || name.endsWith('_id') ? ctx.idsFor(name) : [];
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000 : schema.exclusiveMinimum + 1);
  const max = Math.min(schema.maximum ?? 1_000_000, 10_000_000);
  const any = fc.integer({ min, max: Math.max(min, Math.min(max, min + 10_000)) });
  return ids.length ? fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: any }) : any;
}

function stringOf(schema: JsonSchema, ctx: Context, name: string): fc.Arbitrary<string> {
  if (schema.format === 'date') return fc.oneof(recentDateText, dateText);
  if (schema.format === 'date-time') return dateText.map((date) => `${date}T10:00:00.000Z`);
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 255));
  if (schema.pattern) {
    const ids = ctx.idsFor(name);
    const matching = fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= (schema.maxLength ?? 10_000));
    return ids.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids.map(String)) }, { weight: 1, arbitrary: matching }) : matching;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }).filter((text) => text.trim().length >= minLength) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((text) => text.trim().length >= minLength) },
  );
}

/** A value of another kind than `schema` allows. */
function wrongTypeOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const resolved = schema.$ref ? ctx.resolve(schema.$ref) : schema;
  const allowed = new Set((resolved.anyOf ?? resolved.oneOf ?? [resolved]).flatMap((choice) => typesOf(choice.$ref ? ctx.resolve(choice.$ref) : choice)));
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.constantFrom('text', '12abc', '')],
    ['number', fc.constantFrom(1.5, -1, 1e308, 0)],
    ['integer', fc.constantFrom(-1, 0, 2 ** 53, 12)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constant([1, 'a'])],
    ['object', fc.constant({ nested: { deeper: true } })],
  ];
  const wrong = candidates.filter(([type]) => !allowed.has(type) && !(type === 'integer' && allowed.has('number')));
  return fc.oneof(...wrong.map(([, arbitrary]) => arbitrary));
}

/** A number just outside the schema's range, or a fraction for an integer. */
function outOfRangeOf(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const values: unknown[] = [];
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum * 10 + 1);
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  if (schema.exclusiveMinimum !== undefined) values.push(schema.exclusiveMinimum);
  if (schema.type === 'integer') values.push(1.5, 2 ** 63);
  if (schema.type === 'number') values.push(0.001, Number.MAX_VALUE);
  if (schema.maxLength !== undefined) values.push('y'.repeat(schema.maxLength + 1));
  return values.length ? fc.constantFrom(...values) : null;
}

/** A value for one field that should be refused, or that at least must not break the server. */
export function badValueOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const resolved = schema.$ref ? ctx.resolve(schema.$ref) : schema;
  const plain = (resolved.anyOf ?? [resolved]).find((choice) => choice.type !== 'null') ?? resolved;
  const options: fc.Arbitrary<unknown>[] = [
    wrongTypeOf(schema, ctx),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(999_999_999, 2 ** 31, -5),
    fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_NUMBERS.map(String)),
  ];
  if (plain.format === 'date') options.push(fc.constantFrom(...HOSTILE_DATES));
  // One line (item) more than a list may hold.
  if (plain.type === 'array' && plain.items && plain.maxItems !== undefined) {
    options.push(fc.array(validOf(plain.items, ctx), { minLength: plain.maxItems + 1, maxLength: plain.maxItems + 1 }));
  }
  // An id of some other kind of record: it exists, but not as what the field names.
  if (ctx.foreignIds.length && (plain.type === 'integer' || plain.pattern)) options.push(fc.constantFrom(...ctx.foreignIds));
  const outOfRange = outOfRangeOf(plain);
  if (outOfRange) options.push(outOfRange);
  return fc.oneof(...options);
}

/** An object the schema should refuse: one required field dropped, one field broken, or one field too many. */
export function invalidObjectOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const resolved = schema.$ref ? ctx.resolve(schema.$ref) : schema;
  const properties = resolved.properties ?? {};
  const keys = Object.keys(properties);
  const valid = validOf(resolved, ctx) as fc.Arbitrary<Record<string, unknown>>;
  const mutations: fc.Arbitrary<unknown>[] = [
    valid.map((value) => ({ ...value, unexpected_field: '<b>extra</b>' })),
    fc.constantFrom<unknown>([], 'text', 42, null, [{}]),
  ];
  const required = (resolved.required ?? []).filter((key) => key in properties);
  if (required.length) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _, ...rest } = value;
        return rest;
      }),
    );
  }
  if (keys.length) {
    mutations.push(
      fc
        .constantFrom(...keys)
        .chain((key) => fc.tuple(valid, fc.constant(key), badValueOf(properties[key], ctx)))
        .map(([value, key, bad]) => ({ ...value, [key]: bad })),
    );
  }
  return fc.oneof(...mutations);
}
