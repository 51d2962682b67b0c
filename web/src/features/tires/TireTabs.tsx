import type { Tire } from '@schemas/tires';
import { StockHistory } from '../../shared/stock/StockHistory';
import { DataTable } from '../../shared/ui/DataTable';
import { formatDateTime } from '../../shared/ui/dates';
import { DetailList } from '../../shared/ui/DetailList';
import { formatMoney } from '../../shared/ui/money';
import { StockBadge } from '../../shared/stock/StockBadge';
import { RatingBadge, RunFlatBadge } from './badges';
import { marginPercent, tireItems, viewOf } from './describe';

const items = (tire: Tire) => tireItems(viewOf(tire));
const stockValue = (tire: Tire) => tire.selling_price * tire.quantity;

export function Overview({ tire }: { tire: Tire }) {
  return (
    <div className="tab-stack">
      <div className="tire-badges">
        <StockBadge quantity={tire.quantity} />
        <RatingBadge label="Fuel" rating={tire.fuel_rating} />
        <RatingBadge label="Wet" rating={tire.water_rating} />
        <RunFlatBadge runFlat={tire.run_flat} />
        <span className={tire.active ? 'badge badge-green' : 'badge badge-gray'}>{tire.active ? 'Active' : 'Inactive'}</span>
      </div>
      <DetailList
        items={[
          ...items(tire).basic,
          { label: 'Tire Type', value: tire.tire_type.name },
          { label: 'Size', value: tire.size },
          { label: 'Selling Price', value: formatMoney(tire.selling_price) },
          { label: 'In Stock (all branches)', value: tire.quantity },
          { label: 'Notes', value: tire.notes },
          { label: 'Created', value: formatDateTime(tire.created_at) },
          { label: 'Updated', value: formatDateTime(tire.updated_at) },
        ]}
      />
    </div>
  );
}

export function Specifications({ tire }: { tire: Tire }) {
  return <DetailList items={items(tire).specifications} />;
}

function BranchStock({ tire }: { tire: Tire }) {
  if (tire.inventory.length === 0) return <p className="empty">No stock recorded at any branch</p>;
  return (
    <DataTable
      caption="Stock per branch"
      rows={tire.inventory}
      rowKey={(branch) => branch.location_id}
      rowLabel={(branch) => branch.location_name}
      columns={[
        { header: 'Branch', cell: (branch) => branch.location_name },
        { header: 'Quantity', cell: (branch) => branch.quantity, className: 'cell-number' },
        { header: 'Value', cell: (branch) => formatMoney(branch.quantity * tire.selling_price), className: 'cell-number' },
      ]}
    />
  );
}

export function Pricing({ tire }: { tire: Tire }) {
  return (
    <div className="tab-stack">
      <DetailList
        items={[
          { label: 'Cost Price', value: formatMoney(tire.cost_price) },
          { label: 'Selling Price', value: formatMoney(tire.selling_price) },
          { label: 'Margin', value: `${marginPercent(tire.cost_price, tire.selling_price).toFixed(2)}%` },
          { label: 'Profit per Tire', value: formatMoney(tire.selling_price - tire.cost_price) },
          { label: 'Quantity (all branches)', value: tire.quantity },
          { label: 'Stock Value', value: formatMoney(stockValue(tire)) },
          { label: 'Default Location', value: tire.location?.name },
          { label: 'Status', value: tire.active ? 'Active' : 'Inactive' },
        ]}
      />
      <h3 className="tab-heading">Stock per branch</h3>
      <BranchStock tire={tire} />
    </div>
  );
}

export function History({ tire }: { tire: Tire }) {
  return <StockHistory productId={tire.id} />;
}

const DAY = 24 * 60 * 60 * 1000;
function daysSince(date: string | null): number | null {
  if (!date) return null;
  const start = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(start)) return null;
  const today = new Date();
  return Math.floor((Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) - start) / DAY);
}
const days = (count: number | null) => (count === null ? '' : `${count.toLocaleString('en-US')} day${count === 1 ? '' : 's'}`);

export function Analytics({ tire }: { tire: Tire }) {
  const atCost = tire.cost_price * tire.quantity;
  const atSelling = stockValue(tire);
  const branches = tire.inventory.filter((branch) => branch.quantity > 0);
  return (
    <div className="tab-stack">
      <dl className="analytics-figures">
        {[
          { label: 'Stock Value at Cost', value: formatMoney(atCost) },
          { label: 'Stock Value at Selling Price', value: formatMoney(atSelling) },
          { label: 'Potential Profit', value: formatMoney(atSelling - atCost) },
          { label: 'Margin', value: `${marginPercent(tire.cost_price, tire.selling_price).toFixed(2)}%` },
          { label: 'Days Since Received', value: days(daysSince(tire.date_received)) || '—' },
          { label: 'Age Since Production', value: days(daysSince(tire.date_of_production)) || 'Not recorded' },
        ].map((figure) => (
          <div key={figure.label} className="analytics-figure">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="tab-heading">Units per branch</h3>
      {branches.length === 0 ? (
        <p className="empty">No units in stock</p>
      ) : (
        <ul className="branch-bars">
          {branches.map((branch) => {
            const share = Math.round((branch.quantity / tire.quantity) * 100);
            return (
              <li key={branch.location_id}>
                <div className="branch-bar-label">
                  <span>{branch.location_name}</span>
                  <span>
                    {branch.quantity} ({share}%)
                  </span>
                </div>
                <progress className="branch-bar" max={tire.quantity} value={branch.quantity} aria-label={`${branch.location_name} share of units`} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
