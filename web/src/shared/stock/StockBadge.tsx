import './stock.css';

/** Out of Stock at 0; Low Stock below 10, or at or below the product's own minimum when it has one; else In Stock. */
export function stockState(quantity: number, minStock?: number): { label: string; tone: 'out' | 'low' | 'in' } {
  if (quantity <= 0) return { label: 'Out of Stock', tone: 'out' };
  if (minStock === undefined ? quantity < 10 : quantity <= minStock) return { label: 'Low Stock', tone: 'low' };
  return { label: 'In Stock', tone: 'in' };
}

const STOCK_TONES = { in: 'badge-green', low: 'badge-orange', out: 'badge-red' };

export function StockBadge({ quantity, minStock }: { quantity: number; minStock?: number }) {
  const { label, tone } = stockState(quantity, minStock);
  return <span className={`badge ${STOCK_TONES[tone]}`}>{label}</span>;
}
