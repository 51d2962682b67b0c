import { Link } from 'react-router';

interface Returnable {
  id: number;
  items: { quantity: number; returned: number }[];
}

/** Return Items, on a sent invoice's or a completed sale's page while something sold has not come back. */
export function ReturnItemsLink({ source, document }: { source: 'invoice_id' | 'sale_id'; document: Returnable }) {
  if (!document.items.some((line) => line.returned < line.quantity)) return null;
  return (
    <Link to={`/credit-notes/create?${source}=${document.id}`} className="btn btn-secondary">
      Return Items
    </Link>
  );
}
