import type { CreditNote, CreditNoteItem } from '@schemas/documents';
import { unitValue } from '../../../shared/print/format';
import { formatDate } from '../../../shared/ui/dates';
import { formatMoney } from '../../../shared/ui/money';
import type { DocumentKind } from '../kind';
import { CreditedFrom, creditNoteList } from '../lists';
import { LineProduct, quantityColumn } from '../DocumentView';

/** How what was paid beyond what is owed went back. */
const settledText = (note: CreditNote) =>
  note.settle === 'refund'
    ? `Refunded ${formatMoney(note.refunded_amount)}`
    : note.settle === 'credit'
      ? `${formatMoney(note.store_credit_amount)} store credit`
      : 'Taken off what is owed';

/** Credit notes: a customer's return, made from its invoice's or sale's page (Return Items), cancelled by an administrator. */
export const creditNoteKind: DocumentKind<CreditNote, CreditNoteItem> = {
  ...creditNoteList,
  partyHeading: 'Credit To',

  locationLabel: 'Returned To',
  summary: 'offer',
  facts: (note) => [
    { label: 'Date', value: formatDate(note.issued_date) },
    { label: 'Returned From', value: <CreditedFrom note={note} /> },
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
  canPay: () => false,
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
