import { Link } from 'react-router';
import { CREDIT_NOTE_STATUSES, type CreditNote, type CreditNoteItem } from '@schemas/documents';
import { unitValue } from '../../../shared/print/format';
import { formatDate } from '../../../shared/ui/dates';
import { formatMoney } from '../../../shared/ui/money';
import { documentQueries } from '../api';
import type { DocumentKind } from '../kind';
import { LineProduct, quantityColumn } from '../DocumentView';
import { StatusBadge } from '../StatusBadge';
import { useRowPrint } from '../useRowPrint';

const printable = (note: CreditNote) => ({ kind: 'credit_note', document: note }) as const;
const DOCUMENT_PATHS = { Invoice: 'invoices', Sale: 'sales' } as const;

/** The invoice or sale the goods came back from. */
function ReturnedFrom({ note }: { note: CreditNote }) {
  const { type, id, number } = note.document;
  return (
    <Link to={`/${DOCUMENT_PATHS[type]}/${id}`}>
      {type} {number ?? id}
    </Link>
  );
}

/** How what was paid beyond what is owed went back. */
const settledText = (note: CreditNote) =>
  note.settle === 'refund'
    ? `Refunded ${formatMoney(note.refunded_amount)}`
    : note.settle === 'credit'
      ? `${formatMoney(note.store_credit_amount)} store credit`
      : 'Taken off what is owed';

/** Credit notes: a customer's return, made from its invoice's or sale's page (Return Items), cancelled by an administrator. */
export const creditNoteKind: DocumentKind<CreditNote, CreditNoteItem> = {
  mode: 'credit_note',
  path: 'credit-notes',
  queries: documentQueries<CreditNote>('credit-notes'),
  name: 'Credit Note',
  noun: 'credit note',
  listTitle: 'Credit Notes',
  statuses: CREDIT_NOTE_STATUSES,
  party: (note) => note.customer,
  partyHeading: 'Credit To',
  printable,

  filters: ['status', 'dateFrom', 'dateTo'],
  columns: [
    { header: 'Credit Note #', cell: (note) => <Link to={`/credit-notes/${note.id}`}>{note.number}</Link>, className: 'cell-nowrap' },
    { header: 'Customer', cell: (note) => note.customer?.name || '-' },
    { header: 'Date', cell: (note) => formatDate(note.issued_date), className: 'cell-nowrap' },
    { header: 'Returned From', cell: (note) => <ReturnedFrom note={note} />, className: 'cell-nowrap' },
    { header: 'Amount', cell: (note) => formatMoney(note.net_amount), className: 'cell-money' },
    { header: 'Status', cell: (note) => <StatusBadge status={note.status} /> },
  ],
  useRowActions: () => useRowPrint(printable),

  locationLabel: 'Returned To',
  summary: 'offer',
  facts: (note) => [
    { label: 'Date', value: formatDate(note.issued_date) },
    { label: 'Returned From', value: <ReturnedFrom note={note} /> },
    { label: 'Reason', value: note.reason },
    { label: 'Settled', value: settledText(note) },
  ],
  lines: (note) => note.items,
  lineLabel: (item) => item.product_name,
  lineColumns: [
    { header: 'Product', cell: (item) => <LineProduct name={item.product_name} details={[item.dot && `DOT ${item.dot}`]} /> },
    quantityColumn,
    { header: 'Stock', cell: (item) => (item.restock ? 'Back in stock' : 'Not restocked') },
    { header: 'Unit Price', cell: (item) => formatMoney(unitValue(item)), className: 'cell-money' },
    { header: 'Tax', cell: (item) => formatMoney(item.tax_amount), className: 'cell-money' },
    { header: 'Amount', cell: (item) => formatMoney(item.amount), className: 'cell-money' },
  ],
  canEdit: () => false,
  canPay: () => false,
  canDelete: () => false,
  cancel: {
    action: 'cancel',
    label: 'Cancel Credit Note',
    title: 'Cancel Credit Note',
    message: () => 'Cancel this credit note? Its restocked goods leave the branch again, its store credit is taken back, and the customer owes what they owed before.',
    confirmLabel: 'Cancel Credit Note',
    failureMessage: 'Error cancelling credit note. Please try again.',
    done: 'Credit note cancelled.',
    when: (note) => note.status === 'issued' && note.settle !== 'refund',
    adminOnly: true,
  },
};
