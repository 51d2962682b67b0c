import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { parseId, readBody } from '../../http/validate.ts';
import { describe } from '../../http/openapi.ts';
import { lockVersion, versioned } from '../../http/versions.ts';
import { one, page } from '../../schemas/answers.ts';
import {
  INVOICE_STATUSES,
  draftInvoiceInput,
  invoiceInput,
  invoiceListRow,
  invoiceRow,
  sentInvoiceInput,
  OPEN_STATUS,
} from '../../schemas/documents.ts';
import { documentListQuery, documentRule, runTransition, listDocuments, lockDocument, lockForDelete, requireParty, showDocument, transition, writeLines, type DocumentKind } from './shared.ts';

const overdue = `d.status = 'sent' and d.payment_status <> 'paid' and d.due_date < current_date`;

/** The status an invoice shows: cancelled, else paid, else partial, else overdue, else sent, else draft. */
const displayedStatus = `case when d.status = 'cancelled' then 'cancelled'
  when d.payment_status = 'paid' then 'paid' when d.payment_status = 'partial' then 'partial'
  when ${overdue} then 'overdue' when d.status = 'sent' then 'sent' else 'draft' end`;

const statusConditions: Record<string, string> = {
  draft: `d.status = 'draft'`,
  cancelled: `d.status = 'cancelled'`,
  paid: `d.status = 'sent' and d.payment_status = 'paid'`,
  partial: `d.status = 'sent' and d.payment_status = 'partial'`,
  overdue: `${overdue} and d.payment_status = 'pending'`,
  sent: `d.status = 'sent' and d.payment_status = 'pending' and (d.due_date is null or d.due_date >= current_date)`,
};

export const invoiceKind: DocumentKind = {
  type: 'Invoice',
  noun: 'invoice',
  table: 'invoices',
  linesTable: 'invoice_items',
  keyColumn: 'invoice_id',
  party: { key: 'customer', table: 'customers', column: 'customer_id' },
  linesKey: 'items',
  receiptsKey: 'receipts',
  dateColumn: 'issued_date',
  notFound: 'Invoice not found',
  columns: `d.issued_date, d.due_date, ${displayedStatus} as status, (${overdue}) as is_overdue`,
  lineFields: `'unit_price', x.unit_price, 'total', x.line_total`,
  statusCondition: (status) => statusConditions[status],
  overdue,
  openStatus: OPEN_STATUS.invoice,
  listQuery: documentListQuery(INVOICE_STATUSES),
};

export const invoiceRoutes = new Hono<AppEnv>();
const tag = 'Invoices';
const invoice = one(invoiceRow);
/** PUT: every field of a draft, or only the due date and notes of a sent invoice. */
const invoiceUpdateInput = z.union([draftInvoiceInput, sentInvoiceInput]);

invoiceRoutes.get(
  '/',
  describe({ tag, summary: 'List invoices', query: invoiceKind.listQuery, ok: page(invoiceListRow) }),
  async (c) => c.json(await listDocuments(c, invoiceKind)),
);

invoiceRoutes.post(
  '/',
  describe({
    tag,
    summary: 'Add an invoice',
    description: 'A draft, or with `status: sent` sent at once: it takes its number and its goods leave the branch (409 when the branch is short of stock).',
    body: invoiceInput,
    created: invoice,
    errors: [409],
  }),
  idempotent,
  async (c) => {
    const input = await readBody(c, invoiceInput);
    const db = c.get('db');
    const user = c.get('user');
    await requireParty(db, invoiceKind, input.customer_id, input.location_id);
    const id = await documentRule(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into public.invoices (customer_id, location_id, issued_date, due_date, notes, created_by)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [input.customer_id, input.location_id, input.issued_date, input.due_date, input.notes, user.id],
        );
        await writeLines(tx, invoiceKind, row.id, input.items, input);
        if (input.status === 'sent') await runTransition(tx, invoiceKind, 'post', row.id, user.id);
        return row.id;
      }),
    );
    return versioned(c, await showDocument(db, invoiceKind, id), 201);
  },
);

invoiceRoutes.get('/:id', describe({ tag, summary: 'One invoice, with its receipts', ok: invoice, etag: true }), async (c) => {
  const id = parseId(c.req.param('id'), invoiceKind.notFound);
  return versioned(c, await showDocument(c.get('db'), invoiceKind, id));
});

/** A draft is edited freely; a sent invoice only its due date and notes; a cancelled one not at all. */
invoiceRoutes.put(
  '/:id',
  describe({
    tag,
    summary: 'Change an invoice',
    description: 'A draft takes every field (as when added, without `status`); a sent invoice only `due_date` and `notes`; a cancelled one is refused (409).',
    body: invoiceUpdateInput,
    ok: invoice,
    errors: [409],
    ifMatch: true,
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), invoiceKind.notFound);
    const db = c.get('db');
    await documentRule(() =>
      db.transaction(async (tx) => {
        await lockVersion(c, tx, { table: invoiceKind.table, id, notFound: invoiceKind.notFound });
        const { status } = await lockDocument(tx, invoiceKind, id);
        if (status === 'cancelled') throw new HttpError(409, 'A cancelled invoice cannot be edited.');
        if (status === 'sent') {
          const input = await readBody(c, sentInvoiceInput);
          const [row] = await tx.query<{ ok: boolean }>(
            'update public.invoices set due_date = $2, notes = $3, updated_at = now() where id = $1 returning due_date >= issued_date as ok',
            [id, input.due_date, input.notes],
          );
          if (!row.ok) throw new HttpError(422, 'The due date cannot be before the issue date', { due_date: ['The due date cannot be before the issue date'] });
          return;
        }
        const input = await readBody(c, draftInvoiceInput);
        await requireParty(tx, invoiceKind, input.customer_id, input.location_id);
        await tx.query(
          `update public.invoices set customer_id = $2, location_id = $3, issued_date = $4, due_date = $5, notes = $6, updated_at = now()
            where id = $1`,
          [id, input.customer_id, input.location_id, input.issued_date, input.due_date, input.notes],
        );
        await writeLines(tx, invoiceKind, id, input.items, input);
      }),
    );
    return versioned(c, await showDocument(db, invoiceKind, id));
  },
);

invoiceRoutes.delete(
  '/:id',
  describe({
    tag,
    summary: 'Delete a draft invoice',
    description: 'Only a draft: a sent or cancelled invoice is refused (409).',
    noContent: true,
    errors: [409],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), invoiceKind.notFound);
    await c.get('db').transaction(async (tx) => {
      const { status } = await lockForDelete(c, tx, invoiceKind, id);
      if (status === 'cancelled') throw new HttpError(409, 'A cancelled invoice is kept for the record and cannot be deleted.');
      if (status !== 'draft') throw new HttpError(409, 'An issued invoice cannot be deleted. Cancel it instead.');
      await tx.query('delete from public.invoices where id = $1', [id]);
    });
    return c.body(null, 204);
  },
);

invoiceRoutes.post(
  '/:id/send',
  describe({
    tag,
    summary: 'Send an invoice',
    description:
      'A draft takes the next invoice number and its goods leave the branch. 409 when it is already sent or cancelled, or the branch is short of stock.',
    ok: invoice,
    errors: [409],
  }),
  (c) => transition(c, invoiceKind, 'post', parseId(c.req.param('id'), invoiceKind.notFound)),
);
invoiceRoutes.post(
  '/:id/cancel',
  describe({
    tag,
    summary: 'Cancel an invoice',
    description:
      "A sent invoice's goods come back to the branch. 409 when it is already cancelled or has payments (refund them first); staff get 403 for one with payments.",
    ok: invoice,
    errors: [409],
  }),
  (c) => transition(c, invoiceKind, 'cancel', parseId(c.req.param('id'), invoiceKind.notFound)),
);
