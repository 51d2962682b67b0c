import type { Db } from '../db/port.ts';

/** How many answers one server keeps; the one asked for least recently goes first. */
const KEPT = 64;

/**
 * Where the database stands: PostgreSQL's snapshot (which transactions have ended and which are
 * running) changes whenever a transaction that writes begins or ends, so two reads under the same
 * snapshot, on the same date, see the same rows.
 */
const STANDING = "select pg_current_snapshot()::text || ' ' || current_date::text as at";

async function standing(db: Db): Promise<string> {
  const [row] = await db.query<{ at: string }>(STANDING);
  return row.at;
}

/**
 * Answers the owner's reports again while nothing has been written since they were made: the
 * database's snapshot and date are read before each, and an answer made under the same ones is
 * the same answer. Any write anywhere (a sale, a payment, a renamed customer) makes the next read
 * a new one; no report names the tables it depends on. An answer made while a write began or
 * ended is not kept. One per app, that is per database.
 */
export function keptAnswers() {
  const kept = new Map<string, { at: string; answer: unknown }>();
  return async function answer<T>(db: Db, key: string, make: () => Promise<T>): Promise<T> {
    const at = await standing(db);
    const hit = kept.get(key);
    kept.delete(key);
    if (hit?.at === at) {
      kept.set(key, hit);
      return hit.answer as T;
    }
    const made = await make();
    if ((await standing(db)) === at) {
      kept.set(key, { at, answer: made });
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    }
    return made;
  };
}

export type KeptAnswers = ReturnType<typeof keptAnswers>;
