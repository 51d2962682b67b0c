export type Row = Record<string, unknown>;

/** The one way the app reaches its database; PGlite and postgres.js both implement it. */
export interface Db {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
}

/** SQLSTATE codes the API turns into answers. */
export const PgCode = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  /** numeric_value_out_of_range: an integer or a numeric(p,s) overflowed. */
  outOfRange: '22003',
  /** datetime_field_overflow: a date PostgreSQL cannot hold. */
  dateOutOfRange: '22008',
  /** query_canceled: the statement timeout (or a cancel) stopped the statement. */
  queryCanceled: '57014',
  raise: 'P0001',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
