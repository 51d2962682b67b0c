import type { ReactNode } from 'react';
import { Link } from '../../shared/routes/Link';
import { PAYMENT_METHOD_LABELS, type Party, type Receipt, type Totals } from '@schemas/documents';
import { ActivitySection } from '../../shared/audit/ActivitySection';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { formatDate } from '../../shared/ui/dates';
import type { DocumentMode } from './kind';
import { StatusBadge } from './StatusBadge';
import './documents.css';
import { documentNumber } from '../../shared/ui/documentNumber';
import { taxRows, type Taxed } from '../../shared/ui/taxRows';

interface ViewedDocument extends Totals {
  id: number;
  number: string | null;
  status: string;
  location: { name: string };
  notes: string | null;
  receipts?: Receipt[];
}

interface DocumentViewProps<Line> {
  title: string;
  /** The kind, as the activity names it. */
  recordType: DocumentMode;
  document: ViewedDocument;
  /** Who the document is made out to: Bill To the customer, or the Supplier. */
  party: { heading: string; party: Party };
  /** Replaces the status badge, e.g. "Partly received". */
  status?: ReactNode;
  /** The number's and the branch's names on this kind; 'Number' and 'Location' unless given. */
  numberLabel?: string;
  locationLabel?: string;
  /** The payments when the document names them otherwise than `receipts` (a purchase order's `payments`). */
  payments?: Receipt[];
  /**
   * 'bill' (invoices, sales): the totals end with Paid and Balance Due. 'order' (purchase orders): tax only
   * when there is some, and a payment summary (Total Amount, Paid Amount, Outstanding) with `paymentAction`.
   * 'offer' (quotes): the totals end with the Total, and nothing of payments.
   */
  summary?: Summary;
  paymentAction?: ReactNode;
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

function PartyBlock({ heading, party }: { heading: string; party: Party }) {
  return (
    <div className="doc-party">
      <h2>{heading}</h2>
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

type Summary = 'bill' | 'order' | 'offer';
type TotalRow = { label: string; value: string; className?: string };

function TotalRows({ rows, label }: { rows: TotalRow[]; label: string }) {
  return (
    <dl className="doc-totals" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className={row.className}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The totals block of a document, as the server computed them; a bill goes on to what is paid and due. */
export function DocumentTotals({ document, summary = 'bill' }: { document: Totals & Taxed; summary?: Summary }) {
  const bill = summary === 'bill';
  const rows: TotalRow[] = [
    { label: 'Subtotal', value: formatMoney(document.subtotal) },
    ...(document.discount_amount > 0 ? [{ label: 'Discount', value: `−${formatMoney(document.discount_amount)}` }] : []),
    ...(summary !== 'order' || document.tax_amount > 0 ? taxRows(document).map(([label, value]) => ({ label, value: formatMoney(value) })) : []),
    { label: 'Total', value: formatMoney(document.net_amount), className: 'doc-total' },
    ...(document.credited_amount > 0 ? [{ label: 'Credited', value: `−${formatMoney(document.credited_amount)}` }] : []),
    ...(bill
      ? [
          { label: 'Paid', value: formatMoney(document.total_paid) },
          { label: 'Balance Due', value: formatMoney(document.balance_due), className: 'doc-balance' },
        ]
      : []),
  ];
  return <TotalRows rows={rows} label="Totals" />;
}

/** What an order costs, what was paid on it and what is still outstanding. */
function PaymentSummary({ document }: { document: Totals }) {
  return (
    <TotalRows
      label="Payment Summary"
      rows={[
        { label: 'Total Amount', value: formatMoney(document.net_amount) },
        { label: 'Paid Amount', value: formatMoney(document.total_paid) },
        { label: 'Outstanding', value: formatMoney(document.balance_due), className: 'doc-balance' },
      ]}
    />
  );
}

/** The one view of an invoice, a sale or a purchase order: header, party, lines, totals, payments, activity, the kind's actions. */
export function DocumentView<Line>({
  title,
  recordType,
  document,
  party,
  status,
  numberLabel = 'Number',
  locationLabel = 'Location',
  payments,
  summary = 'bill',
  paymentAction,
  facts,
  lineColumns,
  lines,
  lineKey,
  lineLabel,
  actions,
  notice,
}: DocumentViewProps<Line>) {
  const order = summary === 'order';
  const paid = summary !== 'offer';
  return (
    <section className="doc-view">
      <PageHeader title={title} actions={<div className="doc-actions">{actions}</div>} />
      {notice}
      <div className="card doc-head">
        <PartyBlock heading={party.heading} party={party.party} />
        <DetailList
          items={[
            { label: numberLabel, value: documentNumber(document) },
            { label: 'Status', value: status ?? <StatusBadge status={document.status} /> },
            ...(paid ? [{ label: 'Payment', value: <StatusBadge status={document.payment_status} /> }] : []),
            { label: locationLabel, value: document.location.name },
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
          <DocumentTotals document={document} summary={summary} />
        </div>
      </div>
      {order && (
        <div className="card doc-payment-summary">
          <div className="doc-payment-summary-head">
            <h2 className="doc-section-title doc-section-first">Payment Summary</h2>
            {paymentAction}
          </div>
          <PaymentSummary document={document} />
        </div>
      )}
      {paid && (
        <div className="card">
          <h2 className="doc-section-title doc-section-first">{order ? 'Payment History' : 'Payments'}</h2>
          <Payments receipts={payments ?? document.receipts ?? []} />
        </div>
      )}
      <ActivitySection recordType={recordType} recordId={document.id} />
    </section>
  );
}

/** A line's product on the view: its name, and under it what the kind adds (a description, a DOT, the product's type). */
export function LineProduct({ name, details }: { name: string; details: (string | null | false)[] }) {
  return (
    <span className="line-product-cell">
      <strong>{name}</strong>
      {details.map((detail, index) => detail && <span key={index} className="line-description">{detail}</span>)}
    </span>
  );
}

/** The Quantity column every kind's lines show. */
export const quantityColumn = { header: 'Quantity', cell: (line: { quantity: number }) => line.quantity, className: 'cell-money' };
