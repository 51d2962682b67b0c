import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Invoice } from '@schemas/documents';
import { isApiError } from '../../shared/api/client';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Spinner } from '../../shared/ui/Spinner';
import { invoiceQueries } from './api';

/** Loads invoice `id` and renders `children` with it; says 'Loading…', 'Invoice not found' or the failure. */
export function InvoiceLoad({ id, children }: { id: string; children: (invoice: Invoice) => ReactNode }) {
  const invoice = useQuery(invoiceQueries.detail(id));
  if (invoice.isPending) return <Spinner label="Loading…" />;
  if (invoice.isError) {
    if (!isApiError(invoice.error, 404)) return <ErrorBox messages={[`Error loading invoice: ${invoice.error.message}`]} />;
    return (
      <div className="card notice">
        <p>Invoice not found</p>
        <Link to="/invoices" className="btn btn-secondary">
          Back to List
        </Link>
      </div>
    );
  }
  return children(invoice.data);
}
