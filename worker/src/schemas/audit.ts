import { z } from 'zod';
import { id, named, page, timestamp } from './answers.ts';
import { PRODUCT_KINDS } from './stock.ts';

/** What happened, as the trail records it. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'sent',
  'completed',
  'cancelled',
  'ordered',
  'received',
  'accepted',
  'declined',
  'converted',
  'paid',
  'refunded',
  'closed',
  'started',
  'posted',
  'reopened',
  'stock adjusted',
  'stock transferred',
  'price changed',
  'signed in',
  'sign-in failed',
  'signed out',
  'password changed',
  'password reset',
  'user disabled',
  'user enabled',
  'unlocked',
  'sent back',
  'shipped',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record the trail names, and how a person says each. */
export const AUDIT_RECORD_TYPES = {
  invoice: 'Invoice',
  sale: 'Sale',
  purchase: 'Purchase order',
  quote: 'Quote',
  credit_note: 'Credit note',
  supplier_return: 'Supplier return',
  receipt: 'Receipt',
  day_close: 'Day close',
  transfer: 'Transfer',
  stock_count: 'Stock count',
  product: 'Product',
  customer: 'Customer',
  vehicle: 'Vehicle',
  supplier: 'Supplier',
  location: 'Location',
  tire_brand: 'Tire brand',
  battery_brand: 'Battery brand',
  tire_type: 'Tire type',
  made_in: 'Made in',
  tag: 'Tag',
  pattern: 'Pattern',
  settings: 'Settings',
  tax_rate: 'Tax rate',
  fee_rule: 'Fee',
  core: 'Cores',
  user: 'User',
} as const;
export type AuditRecordType = keyof typeof AUDIT_RECORD_TYPES;
export const AUDIT_RECORD_TYPE_KEYS = Object.keys(AUDIT_RECORD_TYPES) as [AuditRecordType, ...AuditRecordType[]];

/** Records whose detail pages show their own activity, to everyone who can open them. */
export const ACTIVITY_RECORD_TYPES = ['invoice', 'sale', 'purchase', 'quote', 'credit_note', 'supplier_return', 'receipt', 'transfer', 'product', 'customer', 'supplier', 'vehicle'] as const;

/** A field's value before and after; either is null where the field had none (a record created or deleted). */
export const auditChange = z.object({ old: z.unknown(), new: z.unknown() });
export type AuditChange = z.infer<typeof auditChange>;

export const auditEventRow = z
  .object({
    id,
    occurred_at: timestamp,
    user: named.nullable(),
    location: named.nullable(),
    action: z.enum(AUDIT_ACTIONS),
    record_type: z.enum(AUDIT_RECORD_TYPE_KEYS),
    record_id: id.nullable(),
    record_label: z.string().nullable(),
    /** The record this one belongs to: a receipt's document. */
    related_type: z.enum(AUDIT_RECORD_TYPE_KEYS).nullable(),
    related_id: id.nullable(),
    related_label: z.string().nullable(),
    /** A product's kind (tire, battery, wiper, service, item) while it exists, for its page's address; null otherwise. */
    product_kind: z.enum(PRODUCT_KINDS).nullable(),
    /** Each changed field's value before and after (a new record's: what it was created with); null when none (a deletion, a sign-in). */
    changes: z.record(z.string(), auditChange).nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventRow>;

/** GET /api/audit-events: the total counts up to 10,000, and `total_capped` says when there are more. */
export const auditEventPage = page(auditEventRow, { total_capped: z.boolean() });

/** GET /api/activity: a record's events and those of what belongs to it, newest first. */
export const activityPage = page(auditEventRow);
