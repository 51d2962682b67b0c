import type * as schemas from '@schemas/documents';

/*
 * The schemas' constants that screens loaded without the schemas (and zod) show: the statuses the
 * lists filter by, the payment methods' names on the sales report. Typed as the schemas' own, each
 * must name the same statuses in the same order.
 */
export const INVOICE_STATUSES: typeof schemas.INVOICE_STATUSES = ['draft', 'sent', 'paid', 'partial', 'overdue', 'cancelled'];
export const SALE_STATUSES: typeof schemas.SALE_STATUSES = ['pending', 'completed', 'cancelled'];
export const QUOTE_STATUSES: typeof schemas.QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'];
export const PURCHASE_STATUSES: typeof schemas.PURCHASE_STATUSES = ['pending', 'ordered', 'received', 'cancelled'];
export const CREDIT_NOTE_STATUSES: typeof schemas.CREDIT_NOTE_STATUSES = ['issued', 'cancelled'];
export const SUPPLIER_RETURN_STATUSES: typeof schemas.SUPPLIER_RETURN_STATUSES = ['issued'];
export const PAYMENT_STATUSES: typeof schemas.PAYMENT_STATUSES = ['pending', 'partial', 'paid'];
export const PAYMENT_METHOD_LABELS: typeof schemas.PAYMENT_METHOD_LABELS = {
  cash: 'Cash',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  cheque: 'Cheque',
  store_credit: 'Store Credit',
};
