import { z } from 'zod';
import { amount, date, id } from './answers.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, RECEIPTABLE_TYPES, RECEIPT_TYPES } from './documents.ts';

/** How many of each kind of record a customer's or supplier's page lists, newest first. */
export const SUMMARY_ROWS = 5;

/** One of a party's latest documents, as its page lists it. */
const recentDocument = z.object({
  id,
  /** Null while an invoice is a draft. */
  number: z.string().nullable(),
  date,
  /** An invoice's due date, a purchase order's expected delivery date; null for sales. */
  due_date: date.nullable(),
  /** The stored status: draft, sent, pending, completed, ordered, received or cancelled. */
  status: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  net_amount: amount,
  balance_due: amount,
});

const recentReceipt = z.object({
  id,
  number: z.string(),
  date,
  type: z.enum(RECEIPT_TYPES),
  amount,
  payment_method: z.enum(PAYMENT_METHODS),
  document_type: z.enum(RECEIPTABLE_TYPES).nullable(),
  document_id: id.nullable(),
  document_number: z.string().nullable(),
});

/** What is owed today: the balance of the open documents and the part of it past its due date. */
const figures = { id, name: z.string(), balance: amount, overdue: amount, open_documents: z.number().int() };

/** GET /api/customers/{id}/summary */
export const customerSummary = z
  .object({
    data: z.object({
      ...figures,
      /** Store credit given back on returns and not yet spent. */
      store_credit: amount,
      invoices: z.array(recentDocument),
      sales: z.array(recentDocument),
      receipts: z.array(recentReceipt),
    }),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummary>['data'];

/** GET /api/suppliers/{id}/summary */
export const supplierSummary = z
  .object({ data: z.object({ ...figures, purchases: z.array(recentDocument), receipts: z.array(recentReceipt) }) })
  .meta({ id: 'SupplierSummary' });
export type SupplierSummary = z.infer<typeof supplierSummary>['data'];

export type RecentDocument = z.infer<typeof recentDocument>;
export type RecentReceipt = z.infer<typeof recentReceipt>;
