import type { ReactNode } from 'react';
import { Link } from '../../shared/routes/Link';
import type { CreditNote, Invoice, Purchase, Quote, Sale, SupplierReturn } from '@schemas/documents';
import { formatDate } from '../../shared/ui/dates';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { documentQueries, useDocumentMutations } from './api';
import { DocumentListPage } from './DocumentListPage';
import { numberOf, type ListKind, type TradingDocument } from './kind';
import { RECEIVE_CONFIRM, canDelete, canEdit, canReceive, purchaseQueries, shownStatus } from './kinds/purchaseRules';
import { StatusBadge } from './StatusBadge';
import {
  CREDIT_NOTE_STATUSES,
  INVOICE_STATUSES,
  PURCHASE_STATUSES,
  QUOTE_STATUSES,
  SALE_STATUSES,
  SUPPLIER_RETURN_STATUSES,
} from '@schemas/document-statuses';
import { useRowPrint } from './useRowPrint';
import './kinds/purchase.css';

/** Each kind's list: what the list pages load, without the editor, the print or the schemas (./kinds adds the rest). */

const invoicePrintable = (invoice: Invoice) => ({ kind: 'invoice', document: invoice }) as const;

export const invoiceList = {
  mode: 'invoice',
  path: 'invoices',
  queries: documentQueries<Invoice>('invoices'),
  name: 'Invoice',
  noun: 'invoice',
  listTitle: 'Invoices',
  newTitle: 'Create Invoice',
  statuses: INVOICE_STATUSES,
  party: (invoice) => invoice.customer,
  printable: invoicePrintable,
  filters: ['status', 'dateFrom', 'dateTo', 'overdue'],
  columns: [
    { header: 'Invoice #', cell: (invoice) => <Link to={`/invoices/${invoice.id}`}>{numberOf(invoice)}</Link>, className: 'cell-nowrap' },
    { header: 'Customer', cell: (invoice) => invoice.customer?.name || '-' },
    { header: 'Issue Date', cell: (invoice) => formatDate(invoice.issued_date), className: 'cell-nowrap' },
    { header: 'Due Date', cell: (invoice) => formatDate(invoice.due_date) || '-', className: 'cell-nowrap' },
    { header: 'Amount', cell: (invoice) => formatMoney(invoice.net_amount ?? invoice.total_amount), className: 'cell-money' },
    { header: 'Status', cell: (invoice) => <StatusBadge status={invoice.status} /> },
  ],
  rowClassName: (invoice) => (invoice.is_overdue ? 'doc-row-overdue' : undefined),
  useRowActions: () => useRowPrint(invoicePrintable),
  canEdit: (invoice) => invoice.status !== 'cancelled',
  canDelete: (invoice) => invoice.status === 'draft',
} satisfies ListKind<Invoice>;

export const saleList = {
  mode: 'sale',
  path: 'sales',
  queries: documentQueries<Sale>('sales'),
  name: 'Sale',
  noun: 'sale',
  listTitle: 'Sales List',
  newTitle: 'New Sale',
  statuses: SALE_STATUSES,
  party: (sale) => sale.customer,
  printable: (sale) => ({ kind: 'sale', document: sale }),
  filters: ['status', 'payment_status', 'dateFrom'],
  columns: [
    { header: 'Sale ID', cell: (sale) => <Link to={`/sales/${sale.id}`}>{sale.number}</Link>, className: 'cell-nowrap' },
    { header: 'Customer', cell: (sale) => sale.customer?.name || '-' },
    { header: 'Date', cell: (sale) => formatDate(sale.sale_date), className: 'cell-nowrap' },
    { header: 'Total Amount', cell: (sale) => formatMoney(sale.net_amount ?? sale.total_amount), className: 'cell-money' },
    { header: 'Status', cell: (sale) => <StatusBadge status={sale.status} /> },
    { header: 'Payment', cell: (sale) => <StatusBadge status={sale.payment_status} /> },
  ],
  canEdit: (sale) => sale.status !== 'cancelled',
  // Only what never moved stock or money can be deleted.
  canDelete: (sale) => sale.status !== 'completed' && sale.total_paid === 0,
} satisfies ListKind<Sale>;

/** The list's Receive: everything still outstanding, after asking. */
function useListReceive() {
  const { transition } = useDocumentMutations<Purchase>(purchaseQueries);
  const flash = useFlash();
  const receiving = useConfirmedAction();
  return {
    error: receiving.error,
    node: receiving.dialog,
    button: (purchase: Purchase) =>
      canReceive(purchase) && (
        <button
          type="button"
          className="btn btn-small btn-primary"
          onClick={() =>
            receiving.ask({
              tone: 'primary',
              title: 'Receive Purchase Order',
              message: RECEIVE_CONFIRM,
              confirmLabel: 'Mark as Received',
              failureMessage: 'Error receiving purchase order. Please try again.',
              run: () => transition.mutateAsync({ id: purchase.id, action: 'receive' }),
              onDone: () => flash(`Purchase order ${purchase.number} received.`),
            })
          }
        >
          Receive
        </button>
      ),
  };
}

export const purchaseList = {
  mode: 'purchase',
  path: 'purchases',
  queries: purchaseQueries,
  name: 'Purchase Order',
  noun: 'purchase order',
  listTitle: 'Purchase Orders',
  newTitle: 'New Purchase Order',
  statuses: PURCHASE_STATUSES,
  party: (purchase) => purchase.supplier,
  printable: (purchase) => ({ kind: 'purchase', document: purchase }),
  filters: ['status', 'payment_status', 'dateFrom'],
  listClassName: 'purchase-list',
  columns: [
    { header: 'PO Number', cell: (purchase) => <Link to={`/purchases/${purchase.id}`}>{purchase.number}</Link>, className: 'cell-nowrap' },
    { header: 'Supplier', cell: (purchase) => purchase.supplier?.name || '-' },
    { header: 'Date', cell: (purchase) => formatDate(purchase.purchase_date), className: 'cell-nowrap' },
    { header: 'Expected Delivery', cell: (purchase) => formatDate(purchase.expected_delivery_date) || '-', className: 'cell-nowrap' },
    { header: 'Total Amount', cell: (purchase) => formatMoney(purchase.net_amount ?? purchase.total_amount), className: 'cell-money' },
    { header: 'Status', cell: (purchase) => <StatusBadge status={shownStatus(purchase)} /> },
    { header: 'Payment', cell: (purchase) => <StatusBadge status={purchase.payment_status} /> },
  ],
  useRowActions: useListReceive,
  canEdit,
  canDelete,
} satisfies ListKind<Purchase>;

const quotePrintable = (quote: Quote) => ({ kind: 'quote', document: quote }) as const;

export const quoteList = {
  mode: 'quote',
  path: 'quotes',
  queries: documentQueries<Quote>('quotes'),
  name: 'Quote',
  noun: 'quote',
  listTitle: 'Quotes',
  newTitle: 'Create Quote',
  statuses: QUOTE_STATUSES,
  party: (quote) => quote.customer,
  printable: quotePrintable,
  filters: ['status', 'dateFrom', 'dateTo'],
  columns: [
    { header: 'Quote #', cell: (quote) => <Link to={`/quotes/${quote.id}`}>{numberOf(quote)}</Link>, className: 'cell-nowrap' },
    { header: 'Customer', cell: (quote) => quote.customer?.name || '-' },
    { header: 'Date', cell: (quote) => formatDate(quote.issued_date), className: 'cell-nowrap' },
    { header: 'Valid Until', cell: (quote) => formatDate(quote.valid_until), className: 'cell-nowrap' },
    { header: 'Amount', cell: (quote) => formatMoney(quote.net_amount), className: 'cell-money' },
    { header: 'Status', cell: (quote) => <StatusBadge status={quote.status} /> },
  ],
  useRowActions: () => useRowPrint(quotePrintable),
  canEdit: (quote) => quote.status === 'draft' || quote.status === 'sent' || quote.status === 'expired',
  canDelete: (quote) => quote.sent_at === null && (quote.status === 'draft' || quote.status === 'expired'),
} satisfies ListKind<Quote>;

const RETURNED_FROM_PATHS = { Invoice: 'invoices', Sale: 'sales' } as const;

/** The invoice or sale a credit note's goods came back from. */
export function CreditedFrom({ note }: { note: CreditNote }) {
  const { type, id, number } = note.document;
  return (
    <Link to={`/${RETURNED_FROM_PATHS[type]}/${id}`}>
      {type} {number ?? id}
    </Link>
  );
}

const creditNotePrintable = (note: CreditNote) => ({ kind: 'credit_note', document: note }) as const;

export const creditNoteList = {
  mode: 'credit_note',
  path: 'credit-notes',
  queries: documentQueries<CreditNote>('credit-notes'),
  name: 'Credit Note',
  noun: 'credit note',
  listTitle: 'Credit Notes',
  statuses: CREDIT_NOTE_STATUSES,
  party: (note) => note.customer,
  printable: creditNotePrintable,
  filters: ['status', 'dateFrom', 'dateTo'],
  columns: [
    { header: 'Credit Note #', cell: (note) => <Link to={`/credit-notes/${note.id}`}>{note.number}</Link>, className: 'cell-nowrap' },
    { header: 'Customer', cell: (note) => note.customer?.name || '-' },
    { header: 'Date', cell: (note) => formatDate(note.issued_date), className: 'cell-nowrap' },
    { header: 'Returned From', cell: (note) => <CreditedFrom note={note} />, className: 'cell-nowrap' },
    { header: 'Amount', cell: (note) => formatMoney(note.net_amount), className: 'cell-money' },
    { header: 'Status', cell: (note) => <StatusBadge status={note.status} /> },
  ],
  useRowActions: () => useRowPrint(creditNotePrintable),
  canEdit: () => false,
  canDelete: () => false,
} satisfies ListKind<CreditNote>;

/** The purchase order a supplier return's goods went back from. */
export const ReturnedFrom = ({ back }: { back: SupplierReturn }) => (
  <Link to={`/purchases/${back.document.id}`}>Purchase Order {back.document.number}</Link>
);

const supplierReturnPrintable = (back: SupplierReturn) => ({ kind: 'supplier_return', document: back }) as const;

export const supplierReturnList = {
  mode: 'supplier_return',
  path: 'supplier-returns',
  queries: documentQueries<SupplierReturn>('supplier-returns'),
  name: 'Supplier Return',
  noun: 'supplier return',
  listTitle: 'Supplier Returns',
  statuses: SUPPLIER_RETURN_STATUSES,
  party: (back) => back.supplier,
  printable: supplierReturnPrintable,
  filters: ['dateFrom', 'dateTo'],
  columns: [
    { header: 'Return #', cell: (back) => <Link to={`/supplier-returns/${back.id}`}>{back.number}</Link>, className: 'cell-nowrap' },
    { header: 'Supplier', cell: (back) => back.supplier?.name || '-' },
    { header: 'Date', cell: (back) => formatDate(back.issued_date), className: 'cell-nowrap' },
    { header: 'Returned From', cell: (back) => <ReturnedFrom back={back} />, className: 'cell-nowrap' },
    { header: 'Amount', cell: (back) => formatMoney(back.net_amount), className: 'cell-money' },
    { header: 'Status', cell: (back) => <StatusBadge status={back.status} /> },
  ],
  useRowActions: () => useRowPrint(supplierReturnPrintable),
  canEdit: () => false,
  canDelete: () => false,
} satisfies ListKind<SupplierReturn>;

const listPage =
  <D extends TradingDocument>(kind: ListKind<D>) =>
  () => <DocumentListPage kind={kind} />;

/** Every kind's list page, by its path. */
export const DOCUMENT_LISTS: Record<string, () => ReactNode> = {
  [invoiceList.path]: listPage<Invoice>(invoiceList),
  [saleList.path]: listPage<Sale>(saleList),
  [purchaseList.path]: listPage<Purchase>(purchaseList),
  [quoteList.path]: listPage<Quote>(quoteList),
  [creditNoteList.path]: listPage<CreditNote>(creditNoteList),
  [supplierReturnList.path]: listPage<SupplierReturn>(supplierReturnList),
};
