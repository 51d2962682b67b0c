import { z } from 'zod';
import type { Db } from '../db/port.ts';
import type { Where } from './where.ts';
import type { Page } from '../schemas/paging.ts';
import { LIMITS } from '../schemas/common.ts';
import { HttpError } from './errors.ts';

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * Text typed into a filter: trimmed, at most `max` characters, and no NUL character (PostgreSQL
 * refuses the byte, which would be a 500). Searches use it as it is, never as a LIKE pattern.
 */
export const queryText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain invalid characters`);

/** A list filter that may be sent empty (`?status=`): empty is no filter, anything else must pass `schema`. */
export const optionalFilter = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const listQuery = z.object({
  page: wholeNumber('Page', 1, LIMITS.listRows).default(1),
  per_page: wholeNumber('Per page', 1, 100).default(20),
  search: queryText('Search').default(''),
});
export type ListQuery = z.output<typeof listQuery>;

/**
 * The rows before the page. A page past the last one is empty; one reaching past LIMITS.listRows
 * rows is refused, since the database reads every row before it to skip them.
 */
export function offsetOf(query: Pick<ListQuery, 'page' | 'per_page'>): number {
  if (query.page * query.per_page > LIMITS.listRows) {
    const last = Math.floor(LIMITS.listRows / query.per_page);
    const message = `Page must be at most ${last}: a list shows its first ${LIMITS.listRows.toLocaleString('en-US')} rows; narrow the search to see others`;
    throw new HttpError(422, message, { page: [message] });
  }
  return (query.page - 1) * query.per_page;
}

/**
 * `limit ... offset ...` of the page, with `params` and the offset's parameter. The page size is
 * written into the statement (one of at most 100) and the first page has no offset, so the list's
 * prepared statement keeps one plan: PostgreSQL costs a LIMIT or OFFSET that is a parameter as a
 * tenth of the rows, so a plan made for any page is never reused and each call is planned again.
 */
export function pageLimit(query: ListQuery, params: unknown[]): { sql: string; params: unknown[] } {
  if (query.page === 1) return { sql: `limit ${query.per_page}`, params };
  return { sql: `limit ${query.per_page} offset $${params.length + 1}`, params: [...params, offsetOf(query)] };
}

export function toPage<T>(data: T[], total: number, query: ListQuery): Page<T> {
  return {
    data,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

/** SQL and parameters of a query answering `total`. */
export interface TotalQuery {
  sql: string;
  params: unknown[];
}

/**
 * One page of `select {columns} {from} {where} order by {orderBy}`, with the total over all pages:
 * a count of every match, or what `totalQuery` answers when given (a kept count of what the filters
 * match, or a bounded count).
 */
export async function pageOf(
  db: Db,
  sql: { columns: string; from: string; orderBy: string },
  where: Where,
  query: ListQuery,
  totalQuery?: TotalQuery | null,
) {
  const limit = pageLimit(query, where.params);
  const [rows, [{ total }]] = await Promise.all([
    db.query(`select ${sql.columns} ${sql.from} ${where.sql} order by ${sql.orderBy} ${limit.sql}`, limit.params),
    totalQuery
      ? db.query<{ total: number }>(totalQuery.sql, totalQuery.params)
      : db.query<{ total: number }>(`select count(*)::int as total ${sql.from} ${where.sql}`, where.params),
  ]);
  return toPage(rows, total, query);
}
