import { useQueries } from '@tanstack/react-query';
import { PRODUCT_TYPE_LABELS } from '../api/products';
import { stockQueries } from '../stock/api';
import { formatMoney } from '../ui/money';
import { fromCents } from './cents';
import { draftLineCents, type DraftLine, type LineMode } from './draft';

/**
 * For each product with stock, what the branch has when the lines together ask for more than that
 * (products can appear on several lines); services keep no stock.
 */
function useShortages(lines: DraftLine[], locationId: string): Map<number, number> {
  const stocked = [...new Set(lines.filter((line) => line.product_type !== 'service').map((line) => line.product_id))];
  const stock = useQueries({ queries: locationId ? stocked.map((id) => stockQueries.stock(id)) : [] });
  const shortages = new Map<number, number>();
  stocked.forEach((productId, index) => {
    const branches = stock[index]?.data;
    if (!branches) return;
    const available = branches.find((branch) => String(branch.location_id) === locationId)?.quantity ?? 0;
    const asked = lines.filter((line) => line.product_id === productId).reduce((sum, line) => sum + line.quantity, 0);
    if (asked > available) shortages.set(productId, available);
  });
  return shortages;
}

interface LinesTableProps {
  mode: LineMode;
  lines: DraftLine[];
  locationId: string;
  onRemove: (key: string) => void;
  /** Messages about line n (from `items.n.*`), by line index. */
  lineErrors?: Map<number, string[]>;
}

/** The editor's items: what was added, each line's total, Remove, and a mark where the branch has too few. */
export function LinesTable({ mode, lines, locationId, onRemove, lineErrors }: LinesTableProps) {
  const shortages = useShortages(lines, locationId);
  if (!lines.length) return <p className="empty lines-empty">No items added yet.</p>;

  return (
    <div className="table-wrap">
      <table className="data-table lines-table">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            {mode === 'invoice' && <th scope="col">Description</th>}
            <th scope="col" className="cell-number">
              Quantity
            </th>
            <th scope="col" className="cell-number">
              {mode === 'invoice' ? 'Unit Price' : 'Price'}
            </th>
            {mode === 'sale' && (
              <th scope="col" className="cell-number">
                Discount
              </th>
            )}
            <th scope="col" className="cell-number">
              Total
            </th>
            <th scope="col" className="col-actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const available = shortages.get(line.product_id);
            const errors = lineErrors?.get(index) ?? [];
            const marked = available !== undefined || errors.length > 0;
            return (
              <tr key={line.key} aria-label={line.product_name} className={marked ? 'line-short' : undefined}>
                <td className="cell-primary" data-label="Product">
                  <span className="line-product">
                    {line.product_name}
                    <span className="line-type">{PRODUCT_TYPE_LABELS[line.product_type]}</span>
                  </span>
                  {available !== undefined && (
                    <span className="line-warning" role="note">
                      Only {available} in stock at this location
                    </span>
                  )}
                  {errors.map((message) => (
                    <span key={message} className="line-warning">
                      {message}
                    </span>
                  ))}
                </td>
                {mode === 'invoice' && (
                  <td data-label="Description">{line.description || <span className="cell-empty">—</span>}</td>
                )}
                <td className="cell-number" data-label="Quantity">
                  {line.quantity}
                </td>
                <td className="cell-number" data-label={mode === 'invoice' ? 'Unit Price' : 'Price'}>
                  {formatMoney(fromCents(line.priceCents))}
                </td>
                {mode === 'sale' && (
                  <td className="cell-number" data-label="Discount">
                    {line.discount}%
                  </td>
                )}
                <td className="cell-number" data-label="Total">
                  {formatMoney(fromCents(draftLineCents(line)))}
                </td>
                <td className="col-actions" data-label="Actions">
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn btn-small btn-danger-outline"
                      onClick={() => onRemove(line.key)}
                      aria-label={`Remove ${line.product_name}`}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
