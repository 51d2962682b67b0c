import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Purchase } from '@schemas/documents';
import { isApiError } from '../../shared/api/client';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Spinner } from '../../shared/ui/Spinner';
import { purchaseQueries } from './api';

/** Loads purchase order `id` and renders `children` with it; says 'Loading…', 'Purchase order not found' or the failure. */
export function PurchaseLoad({ id, children }: { id: string; children: (purchase: Purchase) => ReactNode }) {
  const purchase = useQuery(purchaseQueries.detail(id));
  if (purchase.isPending) return <Spinner label="Loading…" />;
  if (purchase.isError) {
    if (!isApiError(purchase.error, 404)) return <ErrorBox messages={[`Error loading purchase order: ${purchase.error.message}`]} />;
    return (
      <div className="card notice">
        <p>Purchase order not found</p>
        <Link to="/purchases" className="btn btn-secondary">
          Back to List
        </Link>
      </div>
    );
  }
  return children(purchase.data);
}
