import type { DayClose } from '@schemas/day-closes';
import { DRAWER_METHOD_LABELS } from '@schemas/day-closes';
import type { Settings } from '@schemas/documents';
import type { PrintLayout } from '../../shared/print';
import { formatDate, formatDateTime } from '../../shared/ui/dates';
import { formatMoney } from '../../shared/ui/money';
import '../../shared/print/print.css';
import './day-closes.css';

const overShortText = (value: number) => (Math.round(value * 100) === 0 ? 'Even' : value > 0 ? `Over ${formatMoney(value)}` : `Short ${formatMoney(-value)}`);

/** A day close as its Z report: the branch's day, per method what was expected and counted, the deposit and the float. */
export function ZReport({ close, layout, settings }: { close: DayClose; layout: PrintLayout; settings: Settings | undefined }) {
  const facts: [string, string][] = [
    ['Branch', [close.location.name, close.location.address].filter(Boolean).join(', ')],
    ['Day', formatDate(close.date)],
    ...(close.period_from !== close.date ? [['Covers', `${formatDate(close.period_from)} – ${formatDate(close.date)}`] as [string, string]] : []),
    ['Closed', `${formatDateTime(close.closed_at)}${close.closed_by ? ` by ${close.closed_by.name}` : ''}`],
    ['Receipts', String(close.receipt_count)],
    ...(close.status === 'reopened' ? [['Reopened', `${formatDateTime(close.reopened_at)}: ${close.reopen_reason ?? ''}`] as [string, string]] : []),
  ];
  const denominations = Object.entries(close.cash_by_denomination ?? {}).sort(([a], [b]) => Number(b) - Number(a));
  return (
    <article className={`printout printout-${layout}`} aria-label={`Z report ${close.number}`}>
      <header className="po-head">
        <div className="po-shop">
          {settings && <p className="po-shop-name">{settings.shop_name}</p>}
          {settings?.address && <p className="po-lines-text">{settings.address}</p>}
        </div>
        <div className="po-title">
          <h1>Z Report</h1>
          <p className="po-number">{close.number}</p>
        </div>
      </header>
      <section className="po-meta">
        <dl className="po-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <table className="po-table dc-z-table">
        <thead>
          <tr>
            <th>Method</th>
            <th className="po-num">Expected</th>
            <th className="po-num">Counted</th>
            <th className="po-num">Over/Short</th>
          </tr>
        </thead>
        <tbody>
          {close.methods.map((row) => (
            <tr key={row.payment_method}>
              <td>{DRAWER_METHOD_LABELS[row.payment_method]}</td>
              <td className="po-num">{formatMoney(row.expected)}</td>
              <td className="po-num">{formatMoney(row.counted)}</td>
              <td className="po-num">{overShortText(row.over_short)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="po-bottom">
        <div className="po-notes">
          {close.notes && (
            <>
              <h2>Notes</h2>
              <p className="po-lines-text">{close.notes}</p>
            </>
          )}
          {denominations.length > 0 && (
            <>
              <h2>Notes and coins</h2>
              <p>{denominations.map(([face, count]) => `${count} × ${formatMoney(face)}`).join(', ')}</p>
            </>
          )}
        </div>
        <table className="po-totals">
          <tbody>
            <tr>
              <th scope="row">Opening float</th>
              <td className="po-num">{formatMoney(close.opening_float)}</td>
            </tr>
            <tr>
              <th scope="row">Cash expected</th>
              <td className="po-num">{formatMoney(close.expected_cash)}</td>
            </tr>
            <tr>
              <th scope="row">Cash counted</th>
              <td className="po-num">{formatMoney(close.counted_cash)}</td>
            </tr>
            <tr>
              <th scope="row">Deposit</th>
              <td className="po-num">{formatMoney(close.deposit)}</td>
            </tr>
            <tr>
              <th scope="row">Closing float</th>
              <td className="po-num">{formatMoney(close.closing_float)}</td>
            </tr>
            <tr className="po-grand">
              <th scope="row">Over/Short</th>
              <td className="po-num">{overShortText(close.over_short)}</td>
            </tr>
          </tbody>
        </table>
      </section>
    </article>
  );
}
