import postgres from 'postgres';
import type { Db, Row } from './port.ts';

const asNumber = (value: string) => Number(value);
const asText = (value: string) => value;

/** int8 and numeric arrive as numbers and dates as 'YYYY-MM-DD', as they do from PGlite. */
const types = {
  int8: { to: 20, from: [20], serialize: String, parse: asNumber },
  numeric: { to: 1700, from: [1700], serialize: String, parse: asNumber },
  date: { to: 1082, from: [1082], serialize: String, parse: asText },
};

export interface PostgresDb extends Db {
  close(): Promise<void>;
}

/**
 * `prepare`: named prepared statements, for a direct connection (not through a transaction pooler);
 * `statementTimeoutMs`: each connection's statement_timeout, which such a connection keeps.
 */
export function postgresDb(url: string, options: { max?: number; prepare?: boolean; statementTimeoutMs?: number } = {}): PostgresDb {
  const sql = postgres(url, {
    max: options.max ?? 10,
    ...(options.statementTimeoutMs === undefined ? {} : { connection: { statement_timeout: options.statementTimeoutMs } }),
    fetch_types: false,
    prepare: options.prepare ?? false,
    onnotice: () => {},
    types,
  });
  return { ...wrap(sql, options.prepare ?? false), close: () => sql.end({ timeout: 5 }) };
}

/**
 * A statement that matches a LIKE pattern goes unnamed, so it is planned for its pattern: a search's
 * statement is the same text for every search, and a prepared plan that PostgreSQL settles on after
 * a few "%michelin%" reads the whole trigram index for "%r%" (100 ms instead of 1 at 100,000 products).
 */
const LIKE = /\blike\b/i;

/**
 * postgres.js sends a statement without parameters as a simple query, planned on every call;
 * `simple: false` (not in its types) prepares it too, so a list's first page keeps its plan.
 */
const asStatement = (prepare: boolean) => ({ prepare, simple: false }) as postgres.UnsafeQueryOptions;

function wrap(sql: postgres.Sql | postgres.TransactionSql, prepare: boolean): Db {
  return {
    async query<T = Row>(text: string, params: unknown[] = []) {
      const named = prepare && !LIKE.test(text);
      return (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], asStatement(named))) as unknown as T[];
    },
    async exec(text: string) {
      await sql.unsafe(text);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>) {
      // Inside a transaction, a savepoint: the work is undone alone when it fails and the caller goes on.
      if (!('begin' in sql)) return (await sql.savepoint((tx) => work(wrap(tx, prepare)))) as T;
      return (await sql.begin((tx) => work(wrap(tx, prepare)))) as T;
    },
  };
}
