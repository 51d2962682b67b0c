import type { ReactNode } from 'react';
import { Link } from '../../shared/routes/Link';
import { PAYMENT_METHOD_LABELS, RECEIPTABLE_LABELS, type PaymentMethod, type Receipt, type ReceiptableType, type ReceiptType } from '@schemas/documents';

export const RECEIPT_TYPE_LABELS: Record<ReceiptType, string> = { income: 'Income', expense: 'Expense', refund: 'Refund' };

export const DOCUMENT_PATHS: Record<ReceiptableType, string> = { Invoice: '/invoices', Sale: '/sales', Purchase: '/purchases' };

const METHOD_ICONS: Record<PaymentMethod, ReactNode> = {
  cash: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 12h.01M18 12h.01" />
    </>
  ),
  credit_card: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  bank_transfer: <path d="M3 21h18M4 10h16M12 3l8 5H4l8-5zM6 10v8M10 10v8M14 10v8M18 10v8" />,
  cheque: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="1" />
      <path d="M6 14c1.5-2 2.5-2 3 0s1.5 2 3 0M15 14h4M6 10h8" />
    </>
  ),
  store_credit: (
    <>
      <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7" />
      <path d="M12 7H8a2 2 0 1 1 0-4c2 0 4 4 4 4zM12 7h4a2 2 0 1 0 0-4c-2 0-4 4-4 4z" />
    </>
  ),
};

export function MethodLabel({ method }: { method: PaymentMethod }) {
  return (
    <span className="receipt-method">
      <svg className="icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        {METHOD_ICONS[method]}
      </svg>
      {PAYMENT_METHOD_LABELS[method] ?? method}
    </span>
  );
}

const TYPE_TONES: Record<ReceiptType, string> = { income: 'badge-green', expense: 'badge-red', refund: 'badge-orange' };

export function TypeBadge({ type }: { type: ReceiptType }) {
  return <span className={`badge ${TYPE_TONES[type]}`}>{RECEIPT_TYPE_LABELS[type] ?? type}</span>;
}

/** The paid document: its kind and number, linking to it. */
export function RelatedDocument({ receipt }: { receipt: Receipt }) {
  const kind = RECEIPTABLE_LABELS[receipt.receiptable_type] ?? receipt.receiptable_type;
  return (
    <span className="receipt-related">
      <span className="receipt-related-kind">{kind}</span>
      <Link to={`${DOCUMENT_PATHS[receipt.receiptable_type]}/${receipt.receiptable_id}`}>{receipt.document_number ?? `#${receipt.receiptable_id}`}</Link>
    </span>
  );
}

export const SIDE_TITLES = {
  sale: 'Receipts of invoices and sales',
  purchase: 'Payments of purchase orders',
  '': 'All receipts: invoices, sales and purchase orders',
} as const;
