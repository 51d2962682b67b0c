import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { PgCode, pgErrorCode } from '../db/port.ts';
import { HttpError } from '../http/errors.ts';
import { listQuery, offsetOf, toPage } from '../http/paging.ts';
import { parse, parseId, readBody } from '../http/validate.ts';

/** A plain table edited as a whole record: list with search and paging, create, show, update, delete. */
export interface ResourceDefinition<S extends z.ZodObject> {
  table: string;
  schema: S;
  /** Columns shown, besides id, created_at and updated_at. */
  columns: string[];
  /** SQL condition on `$1`, the trimmed search text (never empty when used). */
  searchWhere: string;
  orderBy: string;
  notFound: string;
  /** Said when the delete is refused because other records point at the row. */
  inUse: string;
}

/** Text columns that contain the search, or phone columns whose digits contain the search's digits. */
export function searchCondition(textColumns: string[], phoneColumns: string[] = []): string {
  const text = textColumns.map((column) => `strpos(lower(${column}), lower($1)) > 0`);
  const digits = phoneColumns.map(
    (column) =>
      `($1 !~ '[[:alpha:]]' and regexp_replace($1, '[^0-9]', '', 'g') <> '' and ` +
      `strpos(regexp_replace(${column}, '[^0-9]', '', 'g'), regexp_replace($1, '[^0-9]', '', 'g')) > 0)`,
  );
  return `(${[...text, ...digits].join(' or ')})`;
}

export function resourceRoutes<S extends z.ZodObject>(definition: ResourceDefinition<S>) {
  const { table, schema, notFound } = definition;
  const fields = Object.keys(schema.shape);
  const returning = ['id', ...definition.columns, 'created_at', 'updated_at'].join(', ');
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const query = parse(listQuery, c.req.query());
    const where = query.search ? `where ${definition.searchWhere}` : '';
    const params = query.search ? [query.search] : [];
    const next = params.length + 1;
    const [rows, [{ total }]] = await Promise.all([
      c.var.db.query(
        `select ${returning} from public.${table} ${where} order by ${definition.orderBy}, id limit $${next} offset $${next + 1}`,
        [...params, query.per_page, offsetOf(query)],
      ),
      c.var.db.query<{ total: number }>(`select count(*)::int as total from public.${table} ${where}`, params),
    ]);
    return c.json(toPage(rows, total, query));
  });

  routes.post('/', async (c) => {
    const input = await readBody(c, schema);
    const values = fields.map((field) => input[field]);
    const [row] = await c.var.db.query(
      `insert into public.${table} (${fields.join(', ')}) values (${fields.map((_, i) => `$${i + 1}`).join(', ')}) returning ${returning}`,
      values,
    );
    return c.json({ data: row }, 201);
  });

  routes.get('/:id', async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    const [row] = await c.var.db.query(`select ${returning} from public.${table} where id = $1`, [id]);
    if (!row) throw new HttpError(404, notFound);
    return c.json({ data: row });
  });

  routes.put('/:id', async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    const input = await readBody(c, schema);
    const assignments = fields.map((field, i) => `${field} = $${i + 2}`).join(', ');
    const [row] = await c.var.db.query(
      `update public.${table} set ${assignments}, updated_at = now() where id = $1 returning ${returning}`,
      [id, ...fields.map((field) => input[field])],
    );
    if (!row) throw new HttpError(404, notFound);
    return c.json({ data: row });
  });

  routes.delete('/:id', async (c) => {
    const id = parseId(c.req.param('id'), notFound);
    try {
      const rows = await c.var.db.query(`delete from public.${table} where id = $1 returning id`, [id]);
      if (!rows.length) throw new HttpError(404, notFound);
    } catch (error) {
      if (pgErrorCode(error) === PgCode.foreignKeyViolation) throw new HttpError(409, definition.inUse);
      throw error;
    }
    return c.body(null, 204);
  });

  return routes;
}
