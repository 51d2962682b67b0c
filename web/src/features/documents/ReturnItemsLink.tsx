import { Link } from 'react-router';

/** Return Items on a sent invoice's or a completed sale's page, Return to Supplier on a purchase order's, while something can still go back. */
export function ReturnItemsLink({ source, id, lines }: { source: 'invoice_id' | 'sale_id' | 'purchase_id'; id: number; lines: { quantity: number; returned: number }[] }) {
  if (!lines.some((line) => line.returned < line.quantity)) return null;
  const toSupplier = source === 'purchase_id';
  return (
    <Link to={`/${toSupplier ? 'supplier-returns' : 'credit-notes'}/create?${source}=${id}`} className="btn btn-secondary">
      {toSupplier ? 'Return to Supplier' : 'Return Items'}
    </Link>
  );
}
