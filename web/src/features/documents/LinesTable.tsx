import { Fragment, useEffect, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { FeeLinePreview } from '@schemas/tax';
import { feeRulesQuery } from '../../shared/api/feeRules';
import { fieldErrors } from '@schemas/common';
import { PRODUCT_TYPE_LABELS } from '../../shared/api/products';
import { stockQueries } from '../../shared/stock/api';
import { HeadRow } from '../../shared/ui/DataTable';
import { centsText, formatMoney, fromCents, toCents } from '../../shared/ui/money';
import { LINE_KINDS, draftLineCents, type DraftLine, type LineKind, type LineMode } from './draft';

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

type LineChange = Partial<Pick<DraftLine, 'quantity' | 'priceCents' | 'discount' | 'waivedFees'>>;
type LineTexts = { quantity: string; price: string; discount: string };

const textsOf = (line: DraftLine): LineTexts => ({ quantity: String(line.quantity), price: centsText(line.priceCents), discount: String(line.discount) });

/**
 * A line's quantity, price and discount as typed in the table, checked at each key with the line's
 * schema: what passes counts at once (the total follows), what does not is said on the line and put
 * back to the line's value when the box is left.
 */
function useLineEdit(kind: LineKind, line: DraftLine, onChange: (change: LineChange) => void) {
  const [texts, setTexts] = useState(() => textsOf(line));
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(() => setTexts(textsOf(line)), [line.quantity, line.priceCents, line.discount]);
  const received = line.received ?? 0;

  const type = (field: keyof LineTexts, value: string) => {
    const next = { ...texts, [field]: value };
    setTexts(next);
    const checked = kind.schema.safeParse({ product_id: line.product_id, quantity: next.quantity, [kind.priceField]: next.price, discount: next.discount });
    const refused = checked.success ? [] : Object.values(fieldErrors(checked.error)).flat();
    if (checked.success && Number(next.quantity) < received) refused.push(`Quantity cannot be below the ${received} received`);
    setMessages(refused);
    if (refused.length) return;
    onChange({ quantity: Number(next.quantity), priceCents: toCents(next.price), discount: kind.discount ? Number(next.discount || 0) : 0 });
  };
  const leave = () => {
    setTexts(textsOf(line));
    setMessages([]);
  };
  const input = (field: keyof LineTexts, label: string, props: { step: string; min: string; max?: string }) => (
    <input
      className="line-input"
      type="number"
      inputMode={field === 'quantity' ? 'numeric' : 'decimal'}
      {...props}
      value={texts[field]}
      aria-label={`${label} of ${line.product_name}`}
      aria-invalid={messages.length > 0 || undefined}
      onChange={(event) => type(field, event.target.value)}
      onBlur={leave}
    />
  );
  return { input, messages };
}

interface LineRowProps {
  kind: LineKind;
  line: DraftLine;
  /** What the branch has, when the lines ask for more. */
  available: number | undefined;
  /** The server's or the form's messages about this line. */
  errors: string[];
  showsReceived: boolean;
  onChange: (change: LineChange) => void;
  onRemove: () => void;
}

function LineRow({ kind, line, available, errors, showsReceived, onChange, onRemove }: LineRowProps) {
  const edit = useLineEdit(kind, line, onChange);
  const textField = kind.text?.field;
  const received = line.received ?? 0;
  const marked = available !== undefined || errors.length > 0 || edit.messages.length > 0;
  return (
    <tr aria-label={line.product_name} className={marked ? 'line-short' : undefined}>
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
        <span role="alert" className="line-refused">
          {edit.messages.map((message) => (
            <span key={message} className="line-warning">
              {message}
            </span>
          ))}
        </span>
      </td>
      {textField === 'description' && <td data-label={kind.text!.label}>{line.description || <span className="cell-empty">—</span>}</td>}
      <td className="cell-number" data-label="Quantity">
        {edit.input('quantity', 'Quantity', { step: '1', min: String(Math.max(1, received)) })}
      </td>
      {showsReceived && (
        <td className="cell-number" data-label="Received">
          {received}
        </td>
      )}
      <td className="cell-number" data-label={kind.priceLabel}>
        {kind.editable.price ? edit.input('price', kind.priceLabel, { step: '0.01', min: '0' }) : formatMoney(fromCents(line.priceCents))}
      </td>
      {kind.discount && (
        <td className="cell-number" data-label="Discount">
          {edit.input('discount', 'Discount', { step: '0.01', min: '0', max: '100' })}
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
            <button type="button" className="btn btn-small btn-danger-outline" onClick={onRemove} aria-label={`Remove ${line.product_name}`}>
              Remove
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * A fee an item carries (a disposal fee, a core charge): it follows the item's quantity; staff may
 * take it off with a reason, which the document's trail keeps.
 */
function FeeRow({ fee, columns, description, onWaive }: { fee: FeeLinePreview; columns: number; description: boolean; onWaive: (reason: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <tr aria-label={fee.name} className="line-fee">
      <td className="cell-primary" data-label="Product">
        <span className="line-product">
          {fee.name}
          <span className="line-type">{fee.refundable ? 'Core charge' : 'Fee'}</span>
        </span>
        {asking && (
          <span className="line-fee-reason">
            <input aria-label={`Why ${fee.name} is not charged`} placeholder="Why (e.g. the customer keeps the old tires)" value={reason} onChange={(event) => setReason(event.target.value)} />
            <button type="button" className="btn btn-small btn-secondary" disabled={!reason.trim()} onClick={() => onWaive(reason.trim())}>
              Don't Charge
            </button>
          </span>
        )}
      </td>
      {description && <td data-label="Description" />}
      <td className="cell-number" data-label="Quantity">
        {fee.quantity}
      </td>
      <td className="cell-number" data-label="Price" colSpan={columns}>
        {formatMoney(fee.amount)}
      </td>
      <td className="cell-number" data-label="Total">
        {formatMoney(fee.total)}
      </td>
      <td className="col-actions" data-label="Actions">
        <div className="row-actions">
          <button type="button" className="btn btn-small btn-danger-outline" onClick={() => setAsking((open) => !open)} aria-label={`Remove ${fee.name}`}>
            Remove
          </button>
        </div>
      </td>
    </tr>
  );
}

/** A fee the customer was let off on an item, with why; Charge puts it back. */
function WaivedFeeRow({ name, reason, span, onCharge }: { name: string; reason: string; span: number; onCharge: () => void }) {
  return (
    <tr className="line-fee line-fee-waived" aria-label={`${name} not charged`}>
      <td className="cell-primary" colSpan={span} data-label="Product">
        {name} not charged: {reason}
      </td>
      <td className="col-actions" data-label="Actions">
        <div className="row-actions">
          <button type="button" className="btn btn-small btn-secondary" onClick={onCharge} aria-label={`Charge ${name}`}>
            Charge
          </button>
        </div>
      </td>
    </tr>
  );
}

interface LinesTableProps {
  mode: LineMode;
  lines: DraftLine[];
  locationId: string;
  onRemove: (key: string) => void;
  onChange: (key: string, change: LineChange) => void;
  /** Messages about line n (from `items.n.*`), by line index. */
  lineErrors?: Map<number, string[]>;
  /** The fee lines the items carry (a document sold at the counter), by the item's index. */
  fees?: FeeLinePreview[];
}

/** The editor's items: what was added, each line's total, Remove, and a mark where the branch has too few. */
export function LinesTable({ mode, lines, locationId, onRemove, onChange, lineErrors, fees = [] }: LinesTableProps) {
  const kind = LINE_KINDS[mode];
  const rules = useQuery({ ...feeRulesQuery, enabled: lines.some((line) => line.waivedFees?.length) });
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
            // The columns between the quantity and the total, which a fee's price spans.
            const between = 1 + (kind.discount ? 1 : 0);
            const waived = line.waivedFees ?? [];
            return (
              <Fragment key={line.key}>
                <LineRow
                  kind={kind}
                  line={line}
                  available={shortages.get(line.product_id)}
                  errors={lineErrors?.get(index) ?? []}
                  showsReceived={showsReceived}
                  onChange={(change) => onChange(line.key, change)}
                  onRemove={() => onRemove(line.key)}
                />
                {fees
                  .filter((fee) => fee.key === index)
                  .map((fee) => (
                    <FeeRow
                      key={`fee-${fee.fee_rule_id}`}
                      fee={fee}
                      columns={between}
                      description={textField === 'description'}
                      onWaive={(reason) => onChange(line.key, { waivedFees: [...waived, { fee_rule_id: fee.fee_rule_id, reason }] })}
                    />
                  ))}
                {waived.map((fee) => (
                  <WaivedFeeRow
                    key={`waived-${fee.fee_rule_id}`}
                    name={rules.data?.find((rule) => rule.id === fee.fee_rule_id)?.name ?? 'Fee'}
                    reason={fee.reason}
                    span={2 + between + (textField === 'description' ? 1 : 0)}
                    onCharge={() => onChange(line.key, { waivedFees: waived.filter((other) => other.fee_rule_id !== fee.fee_rule_id) })}
                  />
                ))}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
