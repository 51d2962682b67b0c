import { AUDIT_RECORD_TYPES, type AuditAction, type AuditEvent, type AuditRecordType } from '@schemas/audit';
import type { ProductType } from '../api/products';
import { productPath } from '../api/products';
import { formatMoney } from '../ui/money';

/** 'stock adjusted' → 'Stock adjusted'. */
export function actionLabel(action: AuditAction | string): string {
  return action.charAt(0).toUpperCase() + action.slice(1);
}

export function recordTypeLabel(type: AuditRecordType | string): string {
  return (AUDIT_RECORD_TYPES as Record<string, string>)[type] ?? type;
}

/** 'Invoice INV-2026-0001', or 'Invoice #12' when the record had no label. */
export function recordText(type: AuditRecordType, label: string | null, id: number | null): string {
  if (type === 'settings') return recordTypeLabel(type);
  const name = label ?? (id === null ? '' : `#${id}`);
  return name ? `${recordTypeLabel(type)} ${name}` : recordTypeLabel(type);
}

/** The page that shows a record, when there is one; a product's page needs its kind. */
export function recordPath(type: AuditRecordType, id: number | null, productType?: ProductType): string | null {
  if (id === null) return null;
  switch (type) {
    case 'invoice':
      return `/invoices/${id}`;
    case 'sale':
      return `/sales/${id}`;
    case 'purchase':
      return `/purchases/${id}`;
    case 'quote':
      return `/quotes/${id}`;
    case 'credit_note':
      return `/credit-notes/${id}`;
    case 'supplier_return':
      return `/supplier-returns/${id}`;
    case 'receipt':
      return `/receipts/${id}`;
    case 'day_close':
      return `/day-closes/${id}`;
    case 'transfer':
      return `/transfers/${id}`;
    case 'stock_count':
      return `/stock-counts/${id}`;
    case 'customer':
      return `/customers/${id}`;
    case 'supplier':
      return `/suppliers/${id}`;
    case 'vehicle':
      return `/vehicles/${id}`;
    case 'product':
      return productType ? productPath(productType, id) : null;
    default:
      return null;
  }
}

const SELF_ACTIONS: ReadonlySet<string> = new Set(['signed in', 'signed out', 'sign-in failed', 'password changed']);

/** One line saying what happened: 'Created · Invoice INV-0001', 'Paid · Receipt R-7 (Invoice INV-0001)', 'Signed in'. */
export function describeEvent(event: AuditEvent): string {
  const action = actionLabel(event.action);
  if (event.record_type === 'user' && SELF_ACTIONS.has(event.action) && event.user?.id === event.record_id) return action;
  const record = recordText(event.record_type, event.record_label, event.record_id);
  const related = event.related_type ? ` (${recordText(event.related_type, event.related_label, event.related_id)})` : '';
  return `${action} · ${record}${related}`;
}

/** 'selling_price' → 'Selling price'; a branch or product name (stock and received lines) stays as it is. */
export function fieldLabel(field: string): string {
  if (!/^[a-z0-9_]+$/.test(field)) return field;
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MONEY_FIELD = /(price|amount|total|discount|balance|paid|subtotal|tax|deposit|over_short|value)$/;

/** A changed value as text; an empty one is a dash. */
export function formatChangeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return MONEY_FIELD.test(field) ? formatMoney(value) : String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => formatChangeValue(field, item)).join(', ') || '—';
  return JSON.stringify(value);
}
