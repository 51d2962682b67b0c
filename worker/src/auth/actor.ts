import type { Db } from '../db/port.ts';
import type { SessionUser } from '../schemas/auth.ts';

/** Names who makes the transaction's changes, for the audit trail: the user, from their home branch. */
export async function setActor(db: Db, user: Pick<SessionUser, 'id' | 'home_location_id'>): Promise<void> {
  await db.query(`select set_config('wheelhouse.user_id', $1, true), set_config('wheelhouse.location_id', $2, true)`, [
    String(user.id),
    user.home_location_id === null ? '' : String(user.home_location_id),
  ]);
}
