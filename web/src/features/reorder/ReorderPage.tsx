import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { ReorderGroup, ReorderLine, ReorderOrdersMade } from '@schemas/reorder';
import { newIdempotencyKey } from '../../shared/api/client';
import { lookupQuery } from '../../shared/api/lookups';
import { useHomeBranch } from '../../shared/branches/BranchSelect';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { reorderQuery, useOrderSuggestions } from './api';
import './reorder.css';

const NO_SUPPLIER = 'No supplier';

function SupplierGroup({ group }: { group: ReorderGroup }) {
  const name = group.supplier?.name ?? NO_SUPPLIER;
  return (
    <section className="card reorder-group" aria-label={name}>
      <header className="reorder-group-header">
        <h2>{name}</h2>
        <span className="reorder-group-total">
          {group.items.length} {group.items.length === 1 ? 'product' : 'products'} · {formatMoney(group.total_cost)} at cost
        </span>
      </header>
      {!group.supplier && <p className="reorder-note">These products have no supplier: choose a preferred supplier on the product to order them.</p>}
      <DataTable<ReorderLine>
        caption={`To order from ${name}`}
        rows={group.items}
        rowKey={(item) => item.product_id}
        rowLabel={(item) => item.product_name}
        columns={[
          { header: 'Product', cell: (item) => item.product_name },
          { header: 'On Hand', cell: (item) => item.on_hand, numeric: true },
          { header: 'On Order', cell: (item) => item.on_order, numeric: true },
          { header: 'In Transit', cell: (item) => item.in_transit, numeric: true },
          { header: 'Reorder Point', cell: (item) => item.reorder_point, numeric: true },
          { header: 'Order Up To', cell: (item) => item.order_up_to, numeric: true },
          { header: 'To Order', cell: (item) => <strong>{item.to_order}</strong>, numeric: true },
        ]}
      />
    </section>
  );
}

function OrdersMade({ made }: { made: ReorderOrdersMade }) {
  return (
    <div className="card reorder-made" role="status">
      <h2>{made.orders.length ? `${made.orders.length} draft purchase ${made.orders.length === 1 ? 'order' : 'orders'} made` : 'Nothing was ordered'}</h2>
      {made.orders.length > 0 && (
        <ul>
          {made.orders.map((order) => (
            <li key={order.id}>
              <Link to={`/purchases/${order.id}`}>{order.number}</Link> · {order.supplier.name} · {order.lines} {order.lines === 1 ? 'line' : 'lines'} ·{' '}
              {formatMoney(order.net_amount)}
            </li>
          ))}
        </ul>
      )}
      {made.skipped.length > 0 && (
        <p className="reorder-note">
          Not ordered, no supplier: {made.skipped.map((row) => row.product_name).join(', ')}.
        </p>
      )}
    </div>
  );
}

/** What to order for a branch, by supplier, and the draft purchase orders made of it. */
export function ReorderPage() {
  const locations = useQuery(lookupQuery('locations'));
  const home = useHomeBranch();
  const [branch, setBranch] = useState(home);
  useEffect(() => {
    if (!branch && locations.data?.length) setBranch(String(locations.data[0].id));
  }, [branch, locations.data]);
  const suggestions = useQuery(reorderQuery(branch));
  const order = useOrderSuggestions();
  const [made, setMade] = useState<ReorderOrdersMade | null>(null);
  // One key per press: a double click or a retry after a lost answer orders once.
  const key = useRef<string | null>(null);
  const groups = suggestions.data?.groups ?? [];
  const orderable = groups.some((group) => group.supplier);

  const create = () => {
    if (order.isPending) return;
    key.current ??= newIdempotencyKey();
    order.mutate(
      { locationId: Number(branch), idempotencyKey: key.current },
      {
        onSuccess: (answer) => {
          key.current = null;
          setMade(answer);
        },
      },
    );
  };

  return (
    <div className="reorder-page">
      <PageHeader
        title="Reorder Suggestions"
        actions={
          <button type="button" className="btn btn-primary" onClick={create} disabled={!orderable || order.isPending}>
            {order.isPending ? 'Creating…' : 'Create Purchase Orders'}
          </button>
        }
      />
      <div className="card reorder-controls">
        <SelectField
          name="location_id"
          label="Branch"
          value={branch}
          onChange={(value) => {
            setBranch(value);
            setMade(null);
          }}
          options={(locations.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          placeholder={locations.isPending ? 'Loading…' : 'Select a branch'}
        />
        <p className="reorder-note">
          Products at or below their reorder point at this branch, ordered back up to their order-up-to level less what is on hand, on open purchase orders
          and in transit. Set reorder points on a product&apos;s stock tab.
        </p>
      </div>
      {order.error && <ErrorBox messages={[order.error.message || 'The purchase orders could not be made. Please try again.']} />}
      {made && <OrdersMade made={made} />}
      {suggestions.isPending && branch ? (
        <Spinner label="Loading suggestions..." />
      ) : suggestions.isError ? (
        <ErrorBox messages={[`Error loading suggestions: ${suggestions.error.message}`]} />
      ) : groups.length === 0 ? (
        branch && <p className="card reorder-empty">Nothing to order at this branch.</p>
      ) : (
        groups.map((group) => <SupplierGroup key={group.supplier?.id ?? 'none'} group={group} />)
      )}
    </div>
  );
}
