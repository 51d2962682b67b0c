import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '../routes/Link';
import { PAYMENT_METHOD_LABELS, RECEIPTABLE_LABELS } from '@schemas/documents';
import type { RecentDocument, RecentReceipt } from '@schemas/party-summary';
import { formatDate, today } from '../ui/dates';
import { ErrorBox } from '../ui/ErrorBox';
import { formatMoney } from '../ui/money';
import { Spinner } from '../ui/Spinner';
import './party-hub.css';
import { documentNumber } from '../ui/documentNumber';

/** A list of a party's latest documents of one kind. */
export interface DocumentPanel {
  title: string;
  /** Where one of them opens: `${path}/${id}`. */
  path: string;
  /** The list of all of them, e.g. the invoices filtered by the customer. */
  allPath: string;
  rows: RecentDocument[];
  empty: string;
}

interface PartyHubProps {
  summary: UseQueryResult<{ balance: number; overdue: number; open_documents: number; store_credit?: number; receipts: RecentReceipt[] }>;
  /** What the balance is: 'Owed by this customer'. */
  owed: string;
  statementPath: string;
  panels: DocumentPanel[];
  receiptsEmpty: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A document's state in a word: its status, or for a sent invoice whether it is paid, part paid or late. */
function stateOf(row: RecentDocument): string {
  if (row.status !== 'sent' && row.status !== 'completed' && row.status !== 'received') return capitalized(row.status);
  if (row.payment_status === 'paid') return 'Paid';
  if (row.due_date && row.due_date < today()) return 'Overdue';
  return row.payment_status === 'partial' ? 'Partly paid' : capitalized(row.status);
}

const DOCUMENT_PATHS = { Invoice: '/invoices', Sale: '/sales', Purchase: '/purchases' } as const;

/**
 * The head of a customer's or supplier's page: what is owed today and how much of it is overdue,
 * with the statement one tap away; then the latest documents and payments, each opening its page.
 */
export function PartyHub({ summary, owed, statementPath, panels, receiptsEmpty }: PartyHubProps) {
  if (summary.isPending) return <Spinner label="Loading balance…" />;
  if (summary.isError) return <ErrorBox messages={[`Error loading the balance: ${summary.error.message}`]} />;
  const { balance, overdue, open_documents, store_credit, receipts } = summary.data;
  return (
    <div className="party-hub">
      <div className="party-figures" role="group" aria-label="Balance">
        <dl className="card party-figure">
          <dt>Balance</dt>
          <dd>{formatMoney(balance)}</dd>
          <dd className="party-figure-note">
            {owed}, on {open_documents} open {open_documents === 1 ? 'document' : 'documents'}
          </dd>
        </dl>
        <dl className={overdue > 0 ? 'card party-figure party-figure-late' : 'card party-figure'}>
          <dt>Overdue</dt>
          <dd>{formatMoney(overdue)}</dd>
          <dd className="party-figure-note">Past the due date</dd>
        </dl>
        {store_credit !== undefined && store_credit > 0 && (
          <dl className="card party-figure">
            <dt>Store Credit</dt>
            <dd>{formatMoney(store_credit)}</dd>
            <dd className="party-figure-note">Given back on returns, to spend on invoices and sales</dd>
          </dl>
        )}
        <div className="card party-figure party-figure-link">
          <Link to={statementPath} className="btn btn-secondary">
            View statement
          </Link>
        </div>
      </div>
      <div className="party-panels">
        {panels.map((panel) => (
          <section key={panel.title} className="card party-panel" aria-label={panel.title}>
            <header className="party-panel-head">
              <h2>{panel.title}</h2>
              <Link to={panel.allPath}>View all</Link>
            </header>
            {panel.rows.length === 0 ? (
              <p className="empty">{panel.empty}</p>
            ) : (
              <ul className="party-rows">
                {panel.rows.map((row) => (
                  <li key={row.id}>
                    <Link to={`${panel.path}/${row.id}`} className="party-row-main">
                      {documentNumber(row)}
                    </Link>
                    <span className="party-row-amount">{formatMoney(row.net_amount)}</span>
                    <span className="party-row-detail">
                      {formatDate(row.date)} · {stateOf(row)}
                    </span>
                    {row.balance_due !== 0 && row.status !== 'draft' && row.status !== 'pending' && (
                      <span className="party-row-due">{formatMoney(row.balance_due)} due</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <section className="card party-panel" aria-label="Payments">
          <header className="party-panel-head">
            <h2>Payments</h2>
            <Link to="/receipts">All receipts</Link>
          </header>
          {receipts.length === 0 ? (
            <p className="empty">{receiptsEmpty}</p>
          ) : (
            <ul className="party-rows">
              {receipts.map((receipt) => (
                <li key={receipt.id}>
                  <Link to={`/receipts/${receipt.id}`} className="party-row-main">
                    {receipt.number}
                  </Link>
                  <span className="party-row-amount">{formatMoney(receipt.type === 'refund' ? -receipt.amount : receipt.amount)}</span>
                  <span className="party-row-detail">
                    {formatDate(receipt.date)} · {receipt.type === 'refund' ? 'Refund' : PAYMENT_METHOD_LABELS[receipt.payment_method]}
                  </span>
                  {receipt.document_type && receipt.document_id && (
                    <Link to={`${DOCUMENT_PATHS[receipt.document_type]}/${receipt.document_id}`} className="party-row-due">
                      {RECEIPTABLE_LABELS[receipt.document_type]} {receipt.document_number}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
