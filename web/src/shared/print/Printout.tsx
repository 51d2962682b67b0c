import type { ReactNode } from 'react';
import type { Party, Receipt, Settings } from '@schemas/documents';
import { HeadRow } from '../ui/DataTable';
import { formatMoney } from '../ui/money';
import { formatDate } from '../ui/dates';
import {
  capitalized,
  methodFacts,
  partyLabel,
  percentText,
  printNumber,
  printTitle,
  relatedDocumentText,
  tradingPrint,
  type Facts,
  type TradingPrint,
} from './format';
import type { Printable, PrintLayout } from './types';
import './print.css';
import { taxRows } from '../ui/taxRows';

interface PrintoutProps {
  printable: Printable;
  layout: PrintLayout;
  /** The shop profile; without it the page prints the document alone. */
  settings: Settings | undefined;
}

/** The printed page of an invoice, a sale or a receipt: A4, or one 80 mm column for a counter printer. */
export function Printout({ printable, layout, settings }: PrintoutProps) {
  const title = printTitle(printable);
  const number = printNumber(printable);
  return (
    <article className={`printout printout-${layout}`} aria-label={`${title} ${number}`}>
      <header className="po-head">
        <ShopDetails settings={settings} />
        <div className="po-title">
          <h1>{title}</h1>
          {printable.document.number && <p className="po-number">{number}</p>}
        </div>
      </header>
      {printable.kind === 'receipt' ? <ReceiptBody receipt={printable.document} /> : <TradingBody print={tradingPrint(printable)} layout={layout} />}
      {/* The footer speaks to customers (thanks, warranty); a purchase order goes to a supplier. */}
      {settings?.print_footer && printable.kind !== 'purchase' && <footer className="po-footer">{settings.print_footer}</footer>}
    </article>
  );
}

function ShopDetails({ settings }: { settings: Settings | undefined }) {
  if (!settings) return <div className="po-shop" />;
  const contact = [settings.phone && `Tel. ${settings.phone}`, settings.email].filter(Boolean).join(' · ');
  return (
    <div className="po-shop">
      <p className="po-shop-name">{settings.shop_name}</p>
      {settings.address && <p className="po-lines-text">{settings.address}</p>}
      {contact && <p>{contact}</p>}
      {settings.tax_number && <p>Tax No. {settings.tax_number}</p>}
    </div>
  );
}

function FactList({ facts }: { facts: Facts }) {
  return (
    <dl className="po-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PartyDetails({ heading, party, extra }: { heading: string; party: Party | null | undefined; extra?: ReactNode }) {
  return (
    <div className="po-party">
      <h2>{heading}</h2>
      <p className="po-party-name">{party?.name ?? '-'}</p>
      {party?.address && <p className="po-lines-text">{party.address}</p>}
      {party?.phone && <p>{party.phone}</p>}
      {party?.email && <p>{party.email}</p>}
      {extra}
    </div>
  );
}

function TradingBody({ print, layout }: { print: TradingPrint; layout: PrintLayout }) {
  const { document, party, facts, branchLabel, priceLabel, lines, hasLineDiscount, showsPayments, showsZeroTax, signature } = print;
  const totals: [label: string, value: number, className?: string][] = [
    ['Subtotal', document.subtotal],
    ...(document.discount_amount ? [['Discount', -document.discount_amount] as [string, number]] : []),
    ...(showsZeroTax || document.tax_amount ? taxRows(document) : []),
    ['Total', document.net_amount, 'po-grand'],
    ...(showsPayments
      ? ([
          ['Paid', document.total_paid],
          ['Balance Due', document.balance_due, 'po-due'],
        ] as [string, number, string?][])
      : []),
  ];
  const payments = showsPayments ? (document.receipts?.filter((receipt) => receipt.type !== 'expense') ?? []) : [];

  return (
    <>
      <section className="po-meta">
        <PartyDetails heading={party.heading} party={party.party} />
        <div className="po-doc-facts">
          <FactList facts={[...facts, [branchLabel, [document.location?.name, document.location?.address].filter(Boolean).join(', ') || '-']]} />
        </div>
      </section>

      {layout === 'a4' ? (
        <table className="po-table">
          <thead>
            <HeadRow cells={['Description', ['Qty', 'po-num'], [priceLabel, 'po-num'], hasLineDiscount && ['Discount', 'po-num'], ['Total', 'po-num']]} />
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key}>
                <td>
                  <span className="po-line-name">{line.name}</span>
                  {line.detail && <span className="po-line-detail">{line.detail}</span>}
                </td>
                <td className="po-num">{line.quantity}</td>
                <td className="po-num">{formatMoney(line.unitPrice)}</td>
                {hasLineDiscount && <td className="po-num">{line.discount ? percentText(line.discount) : '-'}</td>}
                <td className="po-num">{formatMoney(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="po-ticket-lines">
          {lines.map((line) => (
            <li key={line.key}>
              <span className="po-line-name">{line.name}</span>
              {line.detail && <span className="po-line-detail">{line.detail}</span>}
              <span className="po-ticket-row">
                <span>
                  {line.quantity} × {formatMoney(line.unitPrice)}
                  {line.discount ? ` −${percentText(line.discount)}` : ''}
                </span>
                <span>{formatMoney(line.total)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}

      <section className="po-bottom">
        <div className="po-notes">
          {document.notes && (
            <>
              <h2>Notes</h2>
              <p className="po-lines-text">{document.notes}</p>
            </>
          )}
        </div>
        <table className="po-totals">
          <tbody>
            {totals.map(([label, value, className]) => (
              <tr key={label} className={className}>
                <th scope="row">{label}</th>
                <td className="po-num">{formatMoney(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {payments.length > 0 && (
        <section className="po-payments">
          <h2>Payments</h2>
          <table className="po-table po-table-compact">
            <tbody>
              {payments.map((receipt) => (
                <tr key={receipt.id}>
                  <td>{formatDate(receipt.receipt_date)}</td>
                  <td className="po-payment-number">{receipt.number}</td>
                  <td>{receipt.type === 'refund' ? 'Refund' : (methodFacts(receipt)[0]?.[1] ?? '')}</td>
                  <td className="po-num">{formatMoney(receipt.type === 'refund' ? -receipt.amount : receipt.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {signature && (
        <p className="po-signature">
          <span>{signature}</span>
        </p>
      )}
    </>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  return (
    <>
      <section className="po-meta">
        <PartyDetails heading={partyLabel(receipt)} party={receipt.party ? { email: null, phone: null, address: null, ...receipt.party } : null} />
        <div className="po-doc-facts">
          <FactList
            facts={[
              ['Date', formatDate(receipt.receipt_date)],
              ['Type', capitalized(receipt.type)],
              ['For', relatedDocumentText(receipt)],
            ]}
          />
        </div>
      </section>
      <section className="po-amount">
        <span>Amount</span>
        <strong>{formatMoney(receipt.amount)}</strong>
      </section>
      <section className="po-receipt-facts">
        <FactList facts={methodFacts(receipt)} />
      </section>
      {receipt.notes && (
        <section className="po-notes">
          <h2>Notes</h2>
          <p className="po-lines-text">{receipt.notes}</p>
        </section>
      )}
      <p className="po-signature">
        <span>Signature</span>
      </p>
    </>
  );
}
