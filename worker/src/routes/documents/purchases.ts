import type { Db } from '../../db/port.ts';
import type { LineInput } from './kinds.ts';

const cents = (value: number | string) => Math.round(Number(value) * 100);

/**
 * Whether staff may write these purchase order lines. Receiving at another cost moves the product's
 * average cost, so staff order at the product's cost price (a line without a price takes it), and
 * keep a line priced otherwise (by an administrator, or before the product's cost moved) as it is or
 * with fewer, never more. An unknown product or line passes here: writeLines refuses it, and runs
 * before this refusal so that a wrong line is a 422 first.
 */
export async function linesAtCostPrice(db: Db, orderId: number | string, lines: LineInput[]) {
  const products = await db.query<{ id: number; cost_price: number }>(
    "select id, cost_price from public.products where id = any(string_to_array($1, ',')::bigint[])",
    [lines.map((line) => line.product_id).join(',')],
  );
  const costs = new Map(products.map((product) => [Number(product.id), cents(product.cost_price)]));
  const saved = await db.query<{ id: number; product_id: number; quantity: number; unit_price: number }>(
    'select id, product_id, quantity, unit_price from public.purchase_items where purchase_id = $1',
    [orderId],
  );
  const before = new Map(saved.map((line) => [Number(line.id), line]));
  return lines.every((line) => {
    const cost = costs.get(line.product_id);
    if (cost === undefined || line.unit_price === undefined || cost === cents(line.unit_price)) return true;
    if (line.id === undefined) return false;
    const kept = before.get(line.id);
    return !kept || (Number(kept.product_id) === line.product_id && cents(kept.unit_price) === cents(line.unit_price) && line.quantity <= kept.quantity);
  });
}
