import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import type { Receipt } from '@schemas/documents';
import { isApiError } from '../../shared/api/client';
import { ActivitySection } from '../../shared/audit/ActivitySection';
import { usePermissions } from '../../shared/auth/permissions';
import { formatDate, formatDateTime } from '../../shared/ui/dates';
import { usePrint } from '../../shared/print';
import { DetailList } from '../../shared/ui/DetailList';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { receiptQuery, useReceiptDeletion } from './api';
import { MethodLabel, RelatedDocument, TypeBadge } from './labels';
import './receipts.css';

const partyLabel = (receipt: Receipt) => (receipt.type === 'expense' ? 'Paid To' : receipt.type === 'refund' ? 'Refunded To' : 'Received From');

function receiptDetails(receipt: Receipt) {
  return [
    { label: 'Receipt #', value: receipt.number },
    { label: 'Date', value: formatDate(receipt.receipt_date) },
    { label: 'Type', value: <TypeBadge type={receipt.type} /> },
    { label: 'Related To', value: <RelatedDocument receipt={receipt} /> },
    { label: partyLabel(receipt), value: receipt.party?.name },
    { label: 'Amount', value: <strong>{formatMoney(receipt.amount)}</strong> },
    { label: 'Payment Method', value: <MethodLabel method={receipt.payment_method} /> },
    ...(receipt.bank_name ? [{ label: 'Bank Name', value: receipt.bank_name }] : []),
    ...(receipt.cheque_number ? [{ label: 'Cheque Number', value: receipt.cheque_number }] : []),
    ...(receipt.transaction_id ? [{ label: 'Transaction ID', value: receipt.transaction_id }] : []),
    { label: 'Reference Number', value: receipt.reference_number },
    { label: 'Notes', value: receipt.notes && <span className="receipt-notes">{receipt.notes}</span> },
    { label: 'Recorded', value: [formatDateTime(receipt.created_at), receipt.created_by?.name].filter(Boolean).join(' by ') },
  ];
}

export function ReceiptDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const receipt = useQuery(receiptQuery(id));
  const printer = usePrint(receipt.data && { kind: 'receipt', document: receipt.data });
  const can = usePermissions();
  const deletion = useReceiptDeletion(() => {
    flash('Receipt deleted.', '/receipts');
    navigate('/receipts');
  });

  return (
    <section>
      <PageHeader
        title={receipt.data ? `Receipt ${receipt.data.number}` : 'Receipt'}
        actions={
          <>
            <Link to="/receipts" className="btn btn-secondary">
              Back to List
            </Link>
            {receipt.isSuccess && (
              <>
                <button type="button" className="btn btn-secondary" onClick={() => printer.print('a4')}>
                  Print
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => printer.print('thermal')}>
                  Print 80 mm
                </button>
                <Link to={`/receipts/${id}/print`} className="btn btn-secondary">
                  Print Preview
                </Link>
                {can.deleteReceipts && (
                  <button type="button" className="btn btn-danger" onClick={() => deletion.ask(receipt.data.id)}>
                    Delete
                  </button>
                )}
              </>
            )}
          </>
        }
      />
      {deletion.error && <ErrorBox messages={[deletion.error]} />}
      {receipt.isPending ? (
        <Spinner label="Loading receipt..." />
      ) : receipt.isError ? (
        isApiError(receipt.error, 404) ? (
          <div className="card notice">
            <p>{receipt.error.message || 'Receipt not found'}</p>
            <Link to="/receipts" className="btn btn-secondary">
              Back to List
            </Link>
          </div>
        ) : (
          <ErrorBox messages={[`Error loading receipt: ${receipt.error.message}`]} />
        )
      ) : (
        <>
          <div className="card">
            <DetailList items={receiptDetails(receipt.data)} />
          </div>
          <ActivitySection recordType="receipt" recordId={receipt.data.id} />
        </>
      )}
      {deletion.dialog}
      {printer.node}
    </section>
  );
}
