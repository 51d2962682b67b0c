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
  'paid',
  'refunded',
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record the trail names, and how a person says each. */
export const AUDIT_RECORD_TYPES = {
  invoice: 'Invoice',
  sale: 'Sale',
  purchase: 'Purchase order',
  receipt: 'Receipt',
  product: 'Product',
  customer: 'Customer',
  supplier: 'Supplier',
  location: 'Location',
  tire_brand: 'Tire brand',
  battery_brand: 'Battery brand',
  tire_type: 'Tire type',
  made_in: 'Made in',
  tag: 'Tag',
  pattern: 'Pattern',
  settings: 'Settings',
  user: 'User',
} as const;
export type AuditRecordType = keyof typeof AUDIT_RECORD_TYPES;
export const AUDIT_RECORD_TYPE_KEYS = Object.keys(AUDIT_RECORD_TYPES) as [AuditRecordType, ...AuditRecordType[]];

/** Records whose detail pages show their own activity, to everyone who can open them. */
export const ACTIVITY_RECORD_TYPES = ['invoice', 'sale', 'purchase', 'receipt', 'product', 'customer', 'supplier'] as const;

export interface AuditChange {
  old: unknown;
  new: unknown;
}

export interface AuditEvent {
  id: number;
  occurred_at: string;
  user: { id: number; name: string } | null;
  location: { id: number; name: string } | null;
  action: AuditAction;
  record_type: AuditRecordType;
  record_id: number | null;
  record_label: string | null;
  /** The record this one belongs to: a receipt's document. */
  related_type: AuditRecordType | null;
  related_id: number | null;
  related_label: string | null;
  /** A product's kind (tire, battery, wiper, service, item) while it exists, for its page's address; null otherwise. */
  product_kind: 'tire' | 'battery' | 'wiper' | 'service' | 'item' | null;
  /** For updates, each changed field's value before and after; null otherwise. */
  changes: Record<string, AuditChange> | null;
}
