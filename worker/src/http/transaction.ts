import type { MiddlewareHandler } from 'hono';
import { setActor } from '../auth/actor.ts';
import type { AppEnv } from '../env.ts';

const refused = Symbol('refused');

/**
 * A signed-in user's change (any method but GET) runs in one transaction that names the user, so the
 * audit trail's rows are written with what they record, and a refused request leaves nothing behind.
 */
export const changesInOneTransaction: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const db = c.get('db');
  const user = c.get('user');
  try {
    await db.transaction(async (tx) => {
      await setActor(tx, user);
      c.set('db', tx);
      await next();
      if (c.error || c.res.status >= 400) throw refused;
    });
  } catch (error) {
    if (error !== refused) throw error;
  } finally {
    c.set('db', db);
  }
};
