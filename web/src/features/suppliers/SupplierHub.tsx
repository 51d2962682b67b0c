import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { Supplier } from '@schemas/suppliers';
import { PartyHub } from '../../shared/parties/PartyHub';
import { supplierSummaryQuery } from './api';

/** New purchase order, with the supplier chosen. */
export function SupplierActions({ supplier }: { supplier: Supplier }) {
  return (
    <Link to={`/purchases/create?supplier_id=${supplier.id}`} className="btn btn-primary">
      New purchase order
    </Link>
  );
}

/** What the shop owes the supplier and what is overdue, the statement, and the latest purchase orders and payments. */
export function SupplierHub({ supplier }: { supplier: Supplier }) {
  const summary = useQuery(supplierSummaryQuery(supplier.id));
  return (
    <PartyHub
      summary={summary}
      owed="Owed to this supplier"
      statementPath={`/reports/supplier-balance/${supplier.id}`}
      receiptsEmpty="No payments yet"
      panels={[
        {
          title: 'Recent purchase orders',
          path: '/purchases',
          allPath: `/purchases?supplier=${encodeURIComponent(supplier.name)}`,
          rows: summary.data?.purchases ?? [],
          empty: 'No purchase orders yet',
        },
      ]}
    />
  );
}
