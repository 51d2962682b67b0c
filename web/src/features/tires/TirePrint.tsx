import type { Ref } from 'react';
import type { Tire } from '@schemas/tires';
import { DetailList } from '../../shared/ui/DetailList';
import { formatDateTime } from '../../shared/ui/dates';
import { formatMoney } from '../../shared/ui/money';
import { marginPercent, tireItems, tireTitle, viewOf } from './describe';
import { WIZARD_STEPS } from './form';

/** The printed page: the shop's name and the tire's details, nothing of the app around it. */
export function TirePrint({ tire, ref }: { tire: Tire; ref: Ref<HTMLDivElement> }) {
  const items = tireItems(viewOf(tire));
  return (
    <div className="print-only" aria-hidden="true">
      <div ref={ref} className="print-page">
        <header className="print-header">
          <p className="print-shop">Wheelhouse</p>
          <p className="print-date">Printed {formatDateTime(new Date().toISOString())}</p>
        </header>
        <h1>{tireTitle(tire)}</h1>
        {WIZARD_STEPS.map(
          ({ section, title }) =>
            section && (
              <section key={section}>
                <h2>{title}</h2>
                <DetailList items={items[section]} />
              </section>
            ),
        )}
        <section>
          <h2>Stock</h2>
          <table className="print-table">
            <thead>
              <tr>
                <th>Branch</th>
                <th>Quantity</th>
              </tr>
            </thead>
            <tbody>
              {tire.inventory.map((branch) => (
                <tr key={branch.location_id}>
                  <td>{branch.location_name}</td>
                  <td>{branch.quantity}</td>
                </tr>
              ))}
              <tr>
                <th>Total</th>
                <th>{tire.quantity}</th>
              </tr>
            </tbody>
          </table>
          <p>
            Margin {marginPercent(tire.cost_price, tire.selling_price).toFixed(2)}% · Stock value {formatMoney(tire.selling_price * tire.quantity)}
          </p>
        </section>
      </div>
    </div>
  );
}
