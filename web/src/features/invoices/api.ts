import type { Invoice } from '@schemas/documents';
import { documentQueries, useDocumentMutations } from '../documents/api';

export const invoiceQueries = documentQueries<Invoice>('invoices');
export const invoiceKeys = invoiceQueries.keys;

export const useInvoiceMutations = () => useDocumentMutations<Invoice>(invoiceQueries);

/** How an invoice is named on screen: its number, or "Draft" until it is sent. */
export const invoiceNumber = (invoice: Pick<Invoice, 'number'>) => invoice.number ?? 'Draft';
