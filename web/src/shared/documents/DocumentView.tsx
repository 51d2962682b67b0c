import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS, type Party, type Receipt, type Totals } from '@schemas/documents';
import { DataTable, type Column } from '../ui/DataTable';
import { DetailList } from '../ui/DetailList';
import { formatMoney } from '../ui/money';
import { PageHeader } from '../ui/Page';
import { formatDate } from './dates';
import { StatusBadge } from './StatusBadge';
import './documents.css';

interface ViewedDocument extends Totals {
  number: string | null;
  status: string;
  customer: Party;
  location: { name: string };
  notes: string | null;
  receipts?: Receipt[];
}

interface DocumentViewProps<Line> {
  title: string;
  document: ViewedDocument;
  /** The kind's dates and other header facts, e.g. Issue Date, Due Date. */
  facts: { label: string; value: ReactNode }[];
  lineColumns: Column<Line>[];
  lines: Line[];
  lineKey: (line: Line) => number;
  lineLabel: (line: Line) => string;
  /** The kind's buttons: Print, Edit, Send, Record Payment, Delete... */
  actions: ReactNode;
  /** Above the document, e.g. a refused action's message. */
  notice?: ReactNode;
}

function BillTo({ party }: { party: Party }) {
  return (
    <div className="doc-party">
      <h2>Bill To</h2>
      <p className="doc-party-name">{party.name}</p>
      {party.email && <p>{party.email}</p>}
      {party.phone && <p>{party.phone}</p>}
      {party.address && <p className="doc-notes">{party.address}</p>}
    </div>
  );
}

function Payments({ receipts }: { receipts: Receipt[] }) {
  if (!receipts.length) return <p className="empty">No payments recorded yet.</p>;
  return (
    <DataTable
      caption="Payments"
      rows={receipts}
      rowKey={(receipt) => receipt.id}
      rowLabel={(receipt) => receipt.number}
      columns={[
        { header: 'Receipt #', cell: (receipt) => <Link to={`/receipts/${receipt.id}`}>{receipt.number}</Link> },
        { header: 'Date', cell: (receipt) => formatDate(receipt.receipt_date), className: 'cell-nowrap' },
        { header: 'Type', cell: (receipt) => <StatusBadge status={receipt.type} /> },
        { header: 'Method', cell: (receipt) => PAYMENT_METHOD_LABELS[receipt.payment_method] },
        { header: 'Reference', cell: (receipt) => receipt.reference_number },
        {
          header: 'Amount',
          cell: (receipt) => (receipt.type === 'refund' ? `−${formatMoney(receipt.amount)}` : formatMoney(receipt.amount)),
          className: 'cell-money',
        },
      ]}
    />
  );
}

/** The totals block of a document, as the server computed them. */
export function DocumentTotals({ document }: { document: Totals }) {
  const rows: { label: string; value: string; className?: string }[] = [
    { label: 'Subtotal', value: formatMoney(document.subtotal) },
    ...(document.discount_amount > 0 ? [{ label: 'Discount', value: `−${formatMoney(document.discount_amount)}` }] : []),
    { label: `Tax (${document.tax_rate.toFixed(2)}%)`, value: formatMoney(document.tax_amount) },
    { label: 'Total', value: formatMoney(document.net_amount), className: 'doc-total' },
    { label: 'Paid', value: formatMoney(document.total_paid) },
    { label: 'Balance Due', value: formatMoney(document.balance_due), className: 'doc-balance' },
  ];
  return (
    <dl className="doc-totals" aria-label="Totals">
      {rows.map((row) => (
        <div key={row.label} className={row.className}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The one view of an invoice, a sale or a purchase order: header, Bill To, lines, totals, payments, the kind's actions. */
export function DocumentView<Line>({ title, document, facts, lineColumns, lines, lineKey, lineLabel, actions, notice }: DocumentViewProps<Line>) {
  return (
    <section className="doc-view">
      <PageHeader title={title} actions={<div className="doc-actions">{actions}</div>} />
      {notice}
      <div className="card doc-head">
        <BillTo party={document.customer} />
        <DetailList
          items={[
            { label: 'Number', value: document.number ?? 'Draft' },
            { label: 'Status', value: <StatusBadge status={document.status} /> },
            { label: 'Payment', value: <StatusBadge status={document.payment_status} /> },
            { label: 'Location', value: document.location.name },
            ...facts,
          ]}
        />
      </div>
      <div className="card">
        <h2 className="doc-section-title doc-section-first">Items</h2>
        <DataTable caption="Items" rows={lines} rowKey={lineKey} rowLabel={lineLabel} columns={lineColumns} />
      </div>
      <div className="doc-summary">
        <div className="card">
          <h2 className="doc-section-title doc-section-first">Notes</h2>
          {document.notes ? <p className="doc-notes">{document.notes}</p> : <p className="empty">No notes.</p>}
        </div>
        <div className="card">
          <DocumentTotals document={document} />
        </div>
      </div>
      <div className="card">
        <h2 className="doc-section-title doc-section-first">Payments</h2>
        <Payments receipts={document.receipts ?? []} />
      </div>
    </section>
  );
}
