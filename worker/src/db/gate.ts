import type { Db } from './port.ts';

/** A database whose reports wait behind the counter's work (see `withPriorities`). */
export interface Prioritised {
  /** The same database for a report: each of its statements and transactions waits while counter work is queued. */
  readonly reports: Db;
}

export function isPrioritised(db: Db): db is Db & Prioritised {
  return 'reports' in db;
}

/**
 * After this many counter turns in a row while a report waits, the report has one turn, so a shop
 * busy at the counter still gets its reports, only later.
 */
const COUNTER_TURNS_BEFORE_A_REPORT = 16;

/**
 * The embedded database has one connection: every statement waits for the one before it. Through
 * this gate, one statement or transaction runs at a time, and when it ends the counter's queued
 * work goes before any queued report's, so a report's many statements do not stand between the
 * counter and its answers. (A statement already running is not interrupted.)
 */
export function withPriorities<T extends Db>(db: T): T & Prioritised {
  const counter: (() => void)[] = [];
  const reports: (() => void)[] = [];
  let busy = false;
  let counterTurns = 0;

  const enter = (report: boolean) =>
    new Promise<void>((resolve) => {
      if (!busy) {
        busy = true;
        resolve();
      } else (report ? reports : counter).push(resolve);
    });
  const leave = () => {
    const reportsTurn = reports.length > 0 && (counter.length === 0 || counterTurns >= COUNTER_TURNS_BEFORE_A_REPORT);
    const next = reportsTurn ? reports.shift() : counter.shift();
    counterTurns = reportsTurn || reports.length === 0 ? 0 : counterTurns + 1;
    if (next) next();
    else busy = false;
  };
  const run = async <R>(report: boolean, work: () => Promise<R>): Promise<R> => {
    await enter(report);
    try {
      return await work();
    } finally {
      leave();
    }
  };
  const gated = (report: boolean): Db => ({
    query: (sql, params) => run(report, () => db.query(sql, params)),
    exec: (sql) => run(report, () => db.exec(sql)),
    transaction: (work) => run(report, () => db.transaction(work)),
  });
  return { ...db, ...gated(false), reports: gated(true) };
}
