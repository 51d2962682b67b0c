import './stock.css';

/**
 * Out of Stock at 0; Low Stock as the server says (`low`: at or below a branch's reorder point, or
 * the product's own minimum) or, without its word, below 10 or at or below `minStock`; else In Stock.
 */
export function stockState(quantity: number, minStock?: number, low?: boolean): { label: string; tone: 'out' | 'low' | 'in' } {
  if (quantity <= 0) return { label: 'Out of Stock', tone: 'out' };
  if (low ?? (minStock === undefined ? quantity < 10 : quantity <= minStock)) return { label: 'Low Stock', tone: 'low' };
  return { label: 'In Stock', tone: 'in' };
}

const STOCK_TONES = { in: 'badge-green', low: 'badge-orange', out: 'badge-red' };

export function StockBadge({ quantity, minStock, low }: { quantity: number; minStock?: number; low?: boolean }) {
  const { label, tone } = stockState(quantity, minStock, low);
  return <span className={`badge ${STOCK_TONES[tone]}`}>{label}</span>;
}
