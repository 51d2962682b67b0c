import type { Db } from '../../db/port.ts';
import { HttpError } from '../../http/errors.ts';
import type { Body, DocumentKind } from './kinds.ts';

/** A counter sale is paid as it is made: `amount_paid` above 0 records an income receipt with it. */
export async function payAtCounter(db: Db, kind: DocumentKind, id: number, input: Body, userId: number) {
  if (!(input.amount_paid > 0)) return;
  if (input.status === 'cancelled') {
    throw new HttpError(422, 'A cancelled sale cannot take payments', { amount_paid: ['A cancelled sale cannot take payments'] });
  }
  await db.query(`select public.create_receipt($1, $2, $3, $4, $5, $6, null, null, null, null, null, $7)`, [
    kind.pays,
    kind.type,
    id,
    input.amount_paid,
    input[kind.dateColumn],
    input.payment_method,
    userId,
  ]);
}
