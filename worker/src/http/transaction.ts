import type { MiddlewareHandler } from 'hono';
import { setActor } from '../auth/actor.ts';
import type { Db } from '../db/port.ts';
import type { AppEnv } from '../env.ts';

const refused = Symbol('refused');

/**
 * Every statement after this one in the transaction is stopped after `ms` (0: never). `set local`
 * holds through a pooler that hands out a connection per transaction (Hyperdrive, Supavisor), where a
 * session setting or a connection parameter would not.
 */
export function limitStatements(db: Db, ms: number) {
  return db.query(`select set_config('statement_timeout', $1, true)`, [String(ms)]);
}

/**
 * A signed-in user's change (any method but GET) runs in one transaction, under the statement
 * timeout, naming the user, so the audit trail's rows are written with what they record, and a
 * refused request leaves nothing behind. A read runs in one too where the connections do not keep
 * the timeout (`timeoutInEachTransaction`), and else as it comes.
 */
export const inOneTransaction: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = c.get('db');
  const user = c.get('user');
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
  if (reading && !c.get('config').timeoutInEachTransaction) return next();
  try {
    await db.transaction(async (tx) => {
      // Sent ahead of the route's statements on the transaction's one connection, so they run first;
      // not waited for here, so they cost the request no round trip of their own.
      const ready = Promise.all([limitStatements(tx, c.get('config').statementTimeoutMs), reading ? null : setActor(tx, user)]);
      ready.catch(() => {});
      c.set('db', tx);
      await next();
      await ready;
      if (c.error || c.res.status >= 400) throw refused;
    });
  } catch (error) {
    if (error !== refused) throw error;
  } finally {
    c.set('db', db);
  }
};
