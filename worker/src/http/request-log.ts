import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Db } from '../db/port.ts';
import type { AppEnv } from '../env.ts';

/**
 * What the app writes its log lines to: pino on Node, `consoleLogger` on Workers. Each line is one
 * object; the logger adds the time and the level.
 */
export interface Logger {
  info(line: object, message?: string): void;
  warn(line: object, message?: string): void;
  error(line: object, message?: string): void;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL as configured: `info` when unset. */
export function logLevelOf(value: string | undefined): LogLevel {
  const level = (value ?? '').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
  return level as LogLevel;
}

/** One JSON line per call through console.log, which Workers Logs keeps (and `wrangler tail` shows). */
export function consoleLogger(level: LogLevel): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const write = (at: LogLevel) => (line: object, message?: string) => {
    if (LOG_LEVELS.indexOf(at) < rank) return;
    console.log(JSON.stringify({ level: at, time: new Date().toISOString(), ...line, msg: message }));
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/** What the database did for one request: each statement's text and time. */
export interface DbWork {
  statements: { sql: string; ms: number }[];
}

/** The database as one request sees it, timing every statement, in its transactions too. */
export function timedDb(db: Db, work: DbWork): Db {
  const timed = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      work.statements.push({ sql, ms: performance.now() - started });
    }
  };
  return {
    query: (sql, params) => timed(sql, () => db.query(sql, params)),
    exec: (sql) => timed(sql, () => db.exec(sql)),
    transaction: (run) => db.transaction((tx) => run(timedDb(tx, work))),
  };
}

// A proxy's id is kept when it is a plain token; anything else is replaced, so a line cannot be forged through it.
const PROXY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function requestIdOf(c: Context): string {
  const given = c.req.header('x-request-id') ?? c.req.header('cf-ray');
  if (given && PROXY_ID.test(given)) return given;
  return Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The pattern the request matched ('/api/invoices/:id'), so that lines group; null when none did. */
function routeOf(c: Context): string | null {
  const route = matchedRoutes(c).findLast((matched) => matched.method !== 'ALL');
  return route?.path ?? null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Gives every request an id (X-Request-Id on the answer) and the database timed, and writes one
 * line when it is answered: its route, status, time, database time, user and branch. Never a body,
 * a header's value or a query string. A 500 adds the error; a slow request its slowest statements.
 */
export function requestLog(logger: Logger, database: (c: Context<AppEnv>) => Db, slowMs: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c);
    const work: DbWork = { statements: [] };
    c.set('requestId', requestId);
    c.set('db', timedDb(database(c), work));
    await next();
    c.header('X-Request-Id', requestId);

    const ms = performance.now() - started;
    const user = c.get('user');
    const failure = c.get('failure');
    const line: Record<string, unknown> = {
      request_id: requestId,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      duration_ms: round(ms),
      db_ms: round(work.statements.reduce((sum, statement) => sum + statement.ms, 0)),
      db_statements: work.statements.length,
      user_id: user?.id ?? null,
      branch_id: user?.home_location_id ?? null,
    };
    const message = `${line.method} ${line.route ?? '(no route)'} ${line.status}`;
    if (failure) {
      const error = failure as { message?: unknown; stack?: unknown; code?: unknown };
      line.error = { message: String(error.message ?? failure), code: error.code, stack: error.stack };
    }
    if (ms > slowMs) {
      line.slow_statements = [...work.statements]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10)
        .map((statement) => ({ ms: round(statement.ms), sql: oneLine(statement.sql) }));
    }
    if (c.res.status >= 500) logger.error(line, message);
    else if (ms > slowMs) logger.warn(line, message);
    else logger.info(line, message);
  };
}
