import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { isApiError } from '../../shared/api/client';
import { PrintPage } from '../../shared/print';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { receiptQuery } from './api';

export function ReceiptPrintPage() {
  const { id = '' } = useParams();
  const receipt = useQuery(receiptQuery(id));

  return (
    <section>
      <PageHeader
        title={receipt.data ? `Print Receipt ${receipt.data.number}` : 'Print Receipt'}
        actions={
          <Link to={`/receipts/${id}`} className="btn btn-secondary">
            Back to Receipt
          </Link>
        }
      />
      {receipt.isPending ? (
        <Spinner label="Loading receipt..." />
      ) : receipt.isError ? (
        <ErrorBox messages={[isApiError(receipt.error, 404) ? receipt.error.message || 'Receipt not found' : `Error loading receipt: ${receipt.error.message}`]} />
      ) : (
        <PrintPage printable={{ kind: 'receipt', document: receipt.data }} />
      )}
    </section>
  );
}
