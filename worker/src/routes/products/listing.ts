import type { Db } from '../../db/port.ts';
import { offsetOf, toPage, type ListQuery } from '../../http/paging.ts';
import type { Where } from '../../http/where.ts';

/** One page of `select {columns} {from} {where} order by {orderBy}`, with the total over all pages. */
export async function pageOf(db: Db, sql: { columns: string; from: string; orderBy: string }, where: Where, query: ListQuery) {
  const [rows, [{ total }]] = await Promise.all([
    db.query(
      `select ${sql.columns} ${sql.from} ${where.sql} order by ${sql.orderBy} limit ${where.placeholder(1)} offset ${where.placeholder(2)}`,
      [...where.params, query.per_page, offsetOf(query)],
    ),
    db.query<{ total: number }>(`select count(*)::int as total ${sql.from} ${where.sql}`, where.params),
  ]);
  return toPage(rows, total, query);
}
