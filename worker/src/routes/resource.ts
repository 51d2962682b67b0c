import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { PgCode, pgErrorCode, type Db } from '../db/port.ts';
import { HttpError } from '../http/errors.ts';
import { listQuery, pageOf } from '../http/paging.ts';
import { Where } from '../http/where.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { one, page } from '../schemas/answers.ts';

/** A plain table edited as a whole record: list with search and paging, create, show, update, delete. */
export interface ResourceDefinition<S extends z.ZodObject> {
  table: string;
  schema: S;
  /** How the API reference names it: a tag ('Customers') and one record ('customer'). */
  tag: string;
  noun: string;
  /** A record as shown alone (with `detailColumns`), and as listed when that differs. */
  row: z.ZodObject;
  listRow?: z.ZodObject;
  /** Validates PUT bodies instead of `schema` (same fields), when editing asks for more than adding. */
  updateSchema?: z.ZodObject;
  /** Columns shown, besides id, created_at and updated_at; SQL expressions name themselves with `as`. */
  columns: string[];
  /** Shown with a single record (show, create, update) but not in lists. */
  detailColumns?: string[];
  /** SQL condition on `param`, the trimmed search text (never empty when used). */
  searchWhere: (param: string) => string;
  orderBy: string;
  notFound: string;
  /** Said when the delete is refused because other records point at the row. */
  inUse: string;
  /** Who uses a row: a delete is refused while any do, saying how many (checked before `inUse`). */
  usage?: Usage;
}

/** What a record is called, and the columns of other tables that point at it. */
export interface Usage {
  noun: string;
  users: {
    table: string;
    column: string;
    /** What one and several of them are called: ['battery', 'batteries']. */
    label: [string, string];
    /** Only the rows matching this SQL condition count, e.g. 'quantity > 0'. */
    where?: string;
  }[];
}

/** 'This tire brand is used by 2 patterns and 14 tires.', or null when nothing uses the row. */
export async function usageMessage(db: Db, usage: Usage, id: string): Promise<string | null> {
  const counts = usage.users.map(
    ({ table, column, where }, i) =>
      `(select count(*)::int from public.${table} where ${column} = $1${where ? ` and ${where}` : ''}) as n${i}`,
  );
  const [row] = await db.query<Record<string, number>>(`select ${counts.join(', ')}`, [id]);
  const parts = usage.users.flatMap(({ label: [one, many] }, i) => {
    const count = row[`n${i}`];
    return count ? [`${count} ${count === 1 ? one : many}`] : [];
  });
  if (!parts.length) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `This ${usage.noun} is used by ${list}.`;
}

/** Runs a write whose unique index on a field makes a duplicate a 422 on that field. */
export async function uniqueOn<T>(field: string, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === PgCode.uniqueViolation) throw new HttpError(422, message, { [field]: [message] });
    throw error;
  }
}

/** Deletes a row: 404 when it is missing, 409 while other records use it. */
export async function deleteRow(
  db: Db,
  { table, id, notFound, inUse, usage }: { table: string; id: string; notFound: string; inUse: string; usage?: Usage },
): Promise<void> {
  const used = usage && (await usageMessage(db, usage, id));
  if (used) throw new HttpError(409, used);
  try {
    const rows = await db.query(`delete from public.${table} where id = $1 returning id`, [id]);
    if (!rows.length) throw new HttpError(404, notFound);
  } catch (error) {
    if (pgErrorCode(error) === PgCode.foreignKeyViolation) throw new HttpError(409, inUse);
    throw error;
  }
}

/**
 * Text columns that contain the search, or phone columns whose digits contain the search's digits.
 * The text test is a LIKE of the escaped search, which a trigram index on `lower(column)` serves.
 */
export function searchCondition(textColumns: string[], phoneColumns: string[] = []) {
  return (search: string) => {
    const pattern = `'%' || replace(replace(replace(lower(${search}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
    const text = textColumns.map((column) => `lower(${column}) like ${pattern}`);
    const digits = phoneColumns.map(
      (column) =>
        `(${search} !~ '[[:alpha:]]' and regexp_replace(${search}, '[^0-9]', '', 'g') <> '' and ` +
        `strpos(regexp_replace(${column}, '[^0-9]', '', 'g'), regexp_replace(${search}, '[^0-9]', '', 'g')) > 0)`,
    );
    return `(${[...text, ...digits].join(' or ')})`;
  };
}

export function resourceRoutes<S extends z.ZodObject>(definition: ResourceDefinition<S>) {
  const { table, schema, notFound } = definition;
  const fields = Object.keys(schema.shape);
  const listed = ['id', ...definition.columns, 'version', 'created_at', 'updated_at'].join(', ');
  const returning = ['id', ...definition.columns, ...(definition.detailColumns ?? []), 'version', 'created_at', 'updated_at'].join(', ');
  const routes = new Hono<AppEnv>();
  const { tag, noun, row } = definition;
  const listRow = definition.listRow ?? row;

  routes.get('/', describe({ tag, summary: `List ${tag.toLowerCase()}`, query: listQuery, ok: page(listRow) }), async (c) => {
    const query = parse(listQuery, c.req.query());
    const where = new Where();
    if (query.search) where.addOn(query.search, definition.searchWhere);
    const sql = { columns: listed, from: `from public.${table}`, orderBy: `${definition.orderBy}, id` };
    return c.json(await pageOf(c.get('db'), sql, where, query));
  });

  routes.post('/', describe({ tag, summary: `Add a ${noun}`, body: schema, created: one(row) }), async (c) => {
    const input = await readBody(c, schema);
    const values = fields.map((field) => input[field]);
    const [row] = await c.get('db').query<{ version: number }>(
      `insert into public.${table} (${fields.join(', ')}) values (${fields.map((_, i) => `$${i + 1}`).join(', ')}) returning ${returning}`,
      values,
    );
    return versioned(c, row, 201);
  });

  routes.get('/:id', describe({ tag, summary: `One ${noun}`, ok: one(row), etag: true }), async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    const [row] = await c.get('db').query<{ version: number }>(`select ${returning} from public.${table} where id = $1`, [id]);
    if (!row) throw new HttpError(404, notFound);
    return versioned(c, row);
  });

  const updateSchema = definition.updateSchema ?? schema;
  routes.put('/:id', describe({ tag, summary: `Change a ${noun}`, body: updateSchema, ok: one(row), ifMatch: true }), async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    const input = await readBody(c, updateSchema);
    const db = c.get('db');
    await lockVersion(c, db, { table, id, notFound });
    const assignments = fields.map((field, i) => `${field} = $${i + 2}`).join(', ');
    const [row] = await db.query<{ version: number }>(
      `update public.${table} set ${assignments}, updated_at = now() where id = $1 returning ${returning}`,
      [id, ...fields.map((field) => input[field])],
    );
    return versioned(c, row);
  });

  routes.delete('/:id', describe({ tag, summary: `Delete a ${noun}`, noContent: true, errors: [409] }), async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    await deleteRow(c.get('db'), { table, id, notFound, inUse: definition.inUse, usage: definition.usage });
    return c.body(null, 204);
  });

  return routes;
}
