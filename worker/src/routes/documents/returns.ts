import type { Db } from '../../db/port.ts';
import type { Body } from './kinds.ts';

/** A return against an invoice or a sale, in one locking function; its id. */
export async function createCreditNote(db: Db, input: Body, userId: number) {
  const [type, documentId] = input.invoice_id ? ['Invoice', input.invoice_id] : ['Sale', input.sale_id];
  const [row] = await db.query<{ id: number }>(
    'select public.create_credit_note($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9, $10) as id',
    [type, documentId, input.location_id, input.issued_date, input.reason, JSON.stringify(input.items), input.settle ?? null,
      input.payment_method ?? null, input.notes ?? null, userId],
  );
  return Number(row.id);
}

/** Goods back to the supplier from a purchase order, in one locking function; its id. */
export async function createSupplierReturn(db: Db, input: Body, userId: number) {
  const [row] = await db.query<{ id: number }>('select public.create_supplier_return($1, $2, $3, $4::text::jsonb, $5, $6, $7) as id', [
    input.purchase_id,
    input.issued_date,
    input.reason,
    JSON.stringify(input.items),
    input.payment_method ?? null,
    input.notes ?? null,
    userId,
  ]);
  return Number(row.id);
}
