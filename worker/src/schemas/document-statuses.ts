/*
 * The documents' statuses and payment methods, apart from their schemas: screens that show them without
 * the schemas (a list, a report) import them from here and load no zod.
 */

/** Store credit: what a customer was given back on a return, spent on later invoices and sales. */
export const PAYMENT_METHODS = ['cash', 'credit_card', 'bank_transfer', 'cheque', 'store_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  cheque: 'Cheque',
  store_credit: 'Store Credit',
};

export const PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;
/** An invoice's status as displayed: cancelled, else paid, else partial, else overdue, else sent, else draft. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'partial', 'overdue', 'cancelled'] as const;
export const SALE_STATUSES = ['pending', 'completed', 'cancelled'] as const;
/** A quote's status as displayed: a draft or sent quote past its validity shows as expired. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'] as const;
export const PURCHASE_STATUSES = ['pending', 'ordered', 'received', 'cancelled'] as const;
export const CREDIT_NOTE_STATUSES = ['issued', 'cancelled'] as const;
export const SUPPLIER_RETURN_STATUSES = ['issued'] as const;

/** The status of a document not yet issued, which the person who created it may still delete. */
export const OPEN_STATUS = { invoice: 'draft', sale: 'pending', purchase: 'pending', quote: 'draft' } as const;
