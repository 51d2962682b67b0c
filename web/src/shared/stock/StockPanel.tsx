import { useId } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { DataTable } from '../ui/DataTable';
import { ErrorBox } from '../ui/ErrorBox';
import { Spinner } from '../ui/Spinner';
import { stockQueries, type StockProduct } from './api';
import { useStockActions } from './StockDialogs';
import { StockHistory } from './StockHistory';
import './stock.css';

interface StockPanelProps {
  product: StockProduct;
  /** The caller's queries that show the product's quantity or price, refreshed after a change. */
  refresh?: readonly QueryKey[];
  /** Offers Update Price too, where the page has no price fields of its own. */
  withPrice?: boolean;
}

function BranchStockTable({ productId }: { productId: number }) {
  const stock = useQuery(stockQueries.stock(productId));
  if (stock.isPending) return <Spinner label="Loading stock..." />;
  if (stock.isError) return <ErrorBox messages={[`Error loading stock: ${stock.error.message}`]} />;
  const total = stock.data.reduce((sum, branch) => sum + branch.quantity, 0);
  const inTransit = stock.data.reduce((sum, branch) => sum + branch.in_transit, 0);
  return (
    <>
      <DataTable
        caption="Stock per branch"
        rows={stock.data}
        rowKey={(branch) => branch.location_id}
        rowLabel={(branch) => branch.location_name}
        columns={[
          { header: 'Branch', cell: (branch) => branch.location_name },
          { header: 'Quantity', cell: (branch) => branch.quantity, className: 'cell-number' },
          { header: 'In Transit', cell: (branch) => branch.in_transit || '', className: 'cell-number' },
          { header: 'Reorder Point', cell: (branch) => branch.reorder_point, className: 'cell-number' },
          { header: 'Order Up To', cell: (branch) => branch.order_up_to, className: 'cell-number' },
        ]}
      />
      <p className="stock-total">
        Total (all branches): <strong>{total}</strong>
        {inTransit > 0 && (
          <>
            {' '}
            · In transit between branches, not yet sellable: <strong>{inTransit}</strong>
          </>
        )}
      </p>
    </>
  );
}

/** A product's stock per branch with its Adjust and Transfer actions, and its stock history, for a detail or edit page. */
export function StockPanel({ product, refresh, withPrice = false }: StockPanelProps) {
  const headingId = useId();
  const actions = useStockActions(product, refresh, withPrice);

  return (
    <section className="card stock-panel" aria-labelledby={headingId}>
      <header className="stock-panel-header">
        <h2 id={headingId}>Stock</h2>
        <div className="stock-actions" role="group" aria-label="Stock actions">
          {actions.buttons}
        </div>
      </header>
      <BranchStockTable productId={product.id} />
      <h3 className="stock-panel-subheading">Stock History</h3>
      <StockHistory productId={product.id} />
      {actions.dialog}
    </section>
  );
}
