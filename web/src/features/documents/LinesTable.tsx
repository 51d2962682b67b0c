import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { PRODUCT_TYPE_LABELS } from '../../shared/api/products';
import { stockQueries } from '../../shared/stock/api';
import { HeadRow } from '../../shared/ui/DataTable';
import { formatMoney, fromCents } from '../../shared/ui/money';
import { LINE_KINDS, draftLineCents, type DraftLine, type LineMode } from './draft';

/**
 * For each product with stock, what the branch has when the lines together ask for more than that
 * (products can appear on several lines); services keep no stock. Buying checks nothing (`enabled` false).
 */
function useShortages(lines: DraftLine[], locationId: string, enabled: boolean): Map<number, number> {
  const stocked = enabled ? [...new Set(lines.filter((line) => line.product_type !== 'service').map((line) => line.product_id))] : [];
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

/**
 * A purchase line's quantity, typed in the table. A whole number from 1 (and at least what the line
 * received) counts at once; anything else is put back to the line's quantity when the box is left.
 */
function QuantityInput({ line, onChange }: { line: DraftLine; onChange: (quantity: number) => void }) {
  const min = Math.max(1, line.received ?? 0);
  const [text, setText] = useState(String(line.quantity));
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  return (
    <input
      className="line-quantity"
      type="number"
      inputMode="numeric"
      step="1"
      min={min}
      value={text}
      aria-label={`Quantity of ${line.product_name}`}
      onChange={(event) => {
        setText(event.target.value);
        const value = Number(event.target.value);
        if (event.target.value.trim() && Number.isInteger(value) && value >= min) onChange(value);
      }}
      onBlur={() => setText(String(line.quantity))}
    />
  );
}

interface LinesTableProps {
  mode: LineMode;
  lines: DraftLine[];
  locationId: string;
  onRemove: (key: string) => void;
  /** Kinds whose quantity is typed in the table (purchase orders). */
  onQuantity?: (key: string, quantity: number) => void;
  /** Messages about line n (from `items.n.*`), by line index. */
  lineErrors?: Map<number, string[]>;
}

/** The editor's items: what was added, each line's total, Remove, and a mark where the branch has too few. */
export function LinesTable({ mode, lines, locationId, onRemove, onQuantity, lineErrors }: LinesTableProps) {
  const kind = LINE_KINDS[mode];
  const shortages = useShortages(lines, locationId, kind.checksStock);
  if (!lines.length) return <p className="empty lines-empty">No items added yet.</p>;
  const textField = kind.text?.field;
  const showsReceived = lines.some((line) => (line.received ?? 0) > 0);

  return (
    <div className="table-wrap">
      <table className="data-table lines-table">
        <caption className="sr-only">Items</caption>
        <thead>
          <HeadRow
            cells={[
              'Product',
              textField === 'description' && kind.text!.label,
              ['Quantity', 'cell-number'],
              showsReceived && ['Received', 'cell-number'],
              [kind.priceLabel, 'cell-number'],
              kind.discount && ['Discount', 'cell-number'],
              ['Total', 'cell-number'],
              textField === 'notes' && kind.text!.label,
              ['Actions', 'col-actions'],
            ]}
          />
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const available = shortages.get(line.product_id);
            const errors = lineErrors?.get(index) ?? [];
            const marked = available !== undefined || errors.length > 0;
            const received = line.received ?? 0;
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
                {textField === 'description' && (
                  <td data-label={kind.text!.label}>{line.description || <span className="cell-empty">—</span>}</td>
                )}
                <td className="cell-number" data-label="Quantity">
                  {kind.editableQuantity && onQuantity ? (
                    <QuantityInput line={line} onChange={(quantity) => onQuantity(line.key, quantity)} />
                  ) : (
                    line.quantity
                  )}
                </td>
                {showsReceived && (
                  <td className="cell-number" data-label="Received">
                    {received}
                  </td>
                )}
                <td className="cell-number" data-label={kind.priceLabel}>
                  {formatMoney(fromCents(line.priceCents))}
                </td>
                {kind.discount && (
                  <td className="cell-number" data-label="Discount">
                    {line.discount}%
                  </td>
                )}
                <td className="cell-number" data-label="Total">
                  {formatMoney(fromCents(draftLineCents(line)))}
                </td>
                {textField === 'notes' && <td data-label={kind.text!.label}>{line.notes || <span className="cell-empty">—</span>}</td>}
                <td className="col-actions" data-label="Actions">
                  <div className="row-actions">
                    {received > 0 ? (
                      <span className="line-kept">{received} received: kept</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-small btn-danger-outline"
                        onClick={() => onRemove(line.key)}
                        aria-label={`Remove ${line.product_name}`}
                      >
                        Remove
                      </button>
                    )}
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
