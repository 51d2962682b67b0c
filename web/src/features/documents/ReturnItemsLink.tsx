import { Link } from '../../shared/routes/Link';

/** Return Items on a sent invoice's or a completed sale's page, Return to Supplier on a purchase order's, while something can still go back. */
export function ReturnItemsLink({
  source,
  id,
  lines,
}: {
  source: 'invoice_id' | 'sale_id' | 'purchase_id';
  id: number;
  lines: { id: number; quantity: number; returned: number; core_charge?: boolean; product_name: string }[];
}) {
  if (!lines.some((line) => line.returned < line.quantity)) return null;
  const toSupplier = source === 'purchase_id';
  const cores = lines.filter((line) => line.core_charge && line.returned < line.quantity);
  return (
    <>
      <Link to={`/${toSupplier ? 'supplier-returns' : 'credit-notes'}/create?${source}=${id}`} className="btn btn-secondary">
        {toSupplier ? 'Return to Supplier' : 'Return Items'}
      </Link>
      {cores.map((line, index) => (
        <Link
          key={line.id}
          to={`/credit-notes/create?${source}=${id}&core_line_id=${line.id}`}
          className="btn btn-secondary"
          aria-label={cores.length > 1 ? `Core Returned (${index + 1} of ${cores.length})` : undefined}
        >
          Core Returned
        </Link>
      ))}
    </>
  );
}
