import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Sale } from '@schemas/documents';
import { isApiError } from '../../shared/api/client';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Spinner } from '../../shared/ui/Spinner';
import { saleQueries } from './api';

/** Loads sale `id` and renders `children` with it; says 'Loading…', 'Sale not found' or the failure. */
export function SaleLoad({ id, children }: { id: string; children: (sale: Sale) => ReactNode }) {
  const sale = useQuery(saleQueries.detail(id));
  if (sale.isPending) return <Spinner label="Loading…" />;
  if (sale.isError) {
    if (!isApiError(sale.error, 404)) return <ErrorBox messages={[`Error loading sale: ${sale.error.message}`]} />;
    return (
      <div className="card notice">
        <p>Sale not found</p>
        <Link to="/sales" className="btn btn-secondary">
          Back to List
        </Link>
      </div>
    );
  }
  return children(sale.data);
}
