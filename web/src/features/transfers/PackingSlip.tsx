import type { Transfer } from '@schemas/transfers';
import type { Settings } from '@schemas/documents';
import { formatDate, formatDateTime } from '../../shared/ui/dates';
import '../../shared/print/print.css';
import './transfers.css';

const address = (branch: Transfer['from_location']) => [branch.name, branch.address].filter(Boolean).join(', ');

/** A transfer's packing slip: what leaves one branch for another, with room to tick and sign on arrival. */
export function PackingSlip({ transfer, settings }: { transfer: Transfer; settings: Settings | undefined }) {
  const facts: [string, string][] = [
    ['From', address(transfer.from_location)],
    ['To', address(transfer.to_location)],
    ['Date', formatDate(transfer.transfer_date)],
    ...(transfer.shipped_at ? [['Shipped', `${formatDateTime(transfer.shipped_at)}${transfer.shipped_by ? ` by ${transfer.shipped_by.name}` : ''}`] as [string, string]] : []),
    ['Products', `${transfer.line_count} (${transfer.total_quantity} units)`],
  ];
  return (
    <article className="printout printout-a4" aria-label={`Packing slip ${transfer.number}`}>
      <header className="po-head">
        <div className="po-shop">
          {settings && <p className="po-shop-name">{settings.shop_name}</p>}
          {settings?.address && <p className="po-lines-text">{settings.address}</p>}
        </div>
        <div className="po-title">
          <h1>Packing Slip</h1>
          <p className="po-number">{transfer.number}</p>
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
      <table className="po-table">
        <thead>
          <tr>
            <th className="po-num">#</th>
            <th>Product</th>
            <th className="po-num">Shipped</th>
            <th className="po-num tr-slip-box">Received</th>
          </tr>
        </thead>
        <tbody>
          {transfer.items.map((item, index) => (
            <tr key={item.id}>
              <td className="po-num">{index + 1}</td>
              <td>{item.product_name}</td>
              <td className="po-num">{item.quantity}</td>
              <td className="po-num tr-slip-box">{item.received_quantity ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {transfer.notes && (
        <section className="po-bottom">
          <div className="po-notes">
            <h2>Notes</h2>
            <p className="po-lines-text">{transfer.notes}</p>
          </div>
        </section>
      )}
      <section className="tr-slip-signatures">
        <p>Packed by: ______________________</p>
        <p>Received by: ______________________ Date: ____________</p>
      </section>
    </article>
  );
}
