import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { DRAWER_METHOD_LABELS, type DayClose } from '@schemas/day-closes';
import { PAYMENT_METHOD_LABELS, type Receipt } from '@schemas/documents';
import { errorMessages, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/AuthContext';
import { Field } from '../../shared/forms/Field';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { formatDate, formatDateTime } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { FormDialog } from '../../shared/ui/FormDialog';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { dayCloseQuery, useReopenDayClose } from './api';
import { CloseStatus, OverShort } from './labels';
import './day-closes.css';

type MethodRow = DayClose['methods'][number];

const methodColumns: Column<MethodRow>[] = [
  { header: 'Method', cell: (row) => DRAWER_METHOD_LABELS[row.payment_method] },
  { header: 'In', cell: (row) => formatMoney(row.income + row.supplier_refunds), numeric: true },
  { header: 'Out', cell: (row) => formatMoney(row.refunds + row.expenses), numeric: true },
  { header: 'Expected', cell: (row) => formatMoney(row.expected), numeric: true },
  { header: 'Counted', cell: (row) => formatMoney(row.counted), numeric: true },
  { header: 'Over/Short', cell: (row) => <OverShort value={row.over_short} />, numeric: true },
];

const DOCUMENT_PATHS: Record<Receipt['receiptable_type'], string> = { Invoice: '/invoices', Sale: '/sales', Purchase: '/purchases' };
const TYPE_LABELS: Record<Receipt['type'], string> = { income: 'Income', expense: 'Expense', refund: 'Refund' };

const receiptColumns: Column<Receipt>[] = [
  { header: 'Receipt #', cell: (receipt) => <Link to={`/receipts/${receipt.id}`}>{receipt.number}</Link>, className: 'cell-nowrap' },
  { header: 'Date', cell: (receipt) => formatDate(receipt.receipt_date), className: 'cell-nowrap' },
  { header: 'Type', cell: (receipt) => TYPE_LABELS[receipt.type] },
  {
    header: 'Related To',
    cell: (receipt) => <Link to={`${DOCUMENT_PATHS[receipt.receiptable_type]}/${receipt.receiptable_id}`}>{receipt.document_number ?? `#${receipt.receiptable_id}`}</Link>,
  },
  { header: 'Party', cell: (receipt) => receipt.party?.name },
  { header: 'Method', cell: (receipt) => PAYMENT_METHOD_LABELS[receipt.payment_method] },
  { header: 'Amount', cell: (receipt) => formatMoney(receipt.amount), numeric: true },
];

function ReopenDialog({ close, onClose }: { close: DayClose; onClose: () => void }) {
  const reopen = useReopenDayClose(String(close.id));
  const flash = useFlash();
  const [reason, setReason] = useState('');
  const errors = reopen.error ? (isApiError(reopen.error, 422) ? errorMessages(reopen.error, 'The close could not be reopened.') : [reopen.error.message]) : null;
  return (
    <FormDialog
      title={`Reopen ${close.number}`}
      submitLabel="Reopen"
      pending={reopen.isPending}
      errors={errors}
      onClose={onClose}
      onSubmit={() =>
        reopen.mutate(reason, {
          onSuccess: () => {
            flash(`${close.number} reopened: ${formatDate(close.date)} takes receipts again until it is closed anew.`);
            onClose();
          },
        })
      }
    >
      <p>The day takes corrections again, and is then closed again with new counts.</p>
      <Field name="reason" label="Reason" value={reason} onChange={setReason} required multiline wide />
    </FormDialog>
  );
}

/** /day-closes/:id: a close, its figures per method and the receipts it covers. */
export function DayCloseDetailPage() {
  const { id = '' } = useParams();
  const close = useQuery(dayCloseQuery(id));
  const admin = useAuth().user?.role === 'admin';
  const [reopening, setReopening] = useState(false);
  const data = close.data;

  return (
    <section>
      <PageHeader
        title={data ? `Day Close ${data.number}` : 'Day Close'}
        actions={
          <>
            <Link to="/day-closes" className="btn btn-secondary">
              Back to Day Closes
            </Link>
            {data && (
              <Link to={`/day-closes/${data.id}/print`} className="btn btn-secondary">
                Print Z Report
              </Link>
            )}
            {data && admin && data.status === 'closed' && (
              <button type="button" className="btn btn-danger-outline" onClick={() => setReopening(true)}>
                Reopen
              </button>
            )}
          </>
        }
      />
      {close.isPending ? (
        <Spinner label="Loading day close..." />
      ) : close.isError ? (
        <ErrorBox messages={[isApiError(close.error, 404) ? 'Day close not found' : `Error loading day close: ${close.error.message}`]} />
      ) : (
        <>
          <dl className="dc-summary" aria-label="Close totals">
            <div>
              <dt>Expected</dt>
              <dd>{formatMoney(data!.expected_total)}</dd>
            </div>
            <div>
              <dt>Counted</dt>
              <dd>{formatMoney(data!.counted_total)}</dd>
            </div>
            <div>
              <dt>Over/Short</dt>
              <dd data-testid="close-over-short">
                <OverShort value={data!.over_short} />
              </dd>
            </div>
            <div>
              <dt>Deposit</dt>
              <dd>{formatMoney(data!.deposit)}</dd>
            </div>
          </dl>
          <div className="card">
            <DetailList
              items={[
                { label: 'Branch', value: data!.location.name },
                { label: 'Day', value: formatDate(data!.date) },
                { label: 'Covers', value: data!.period_from === data!.date ? formatDate(data!.date) : `${formatDate(data!.period_from)} – ${formatDate(data!.date)}` },
                { label: 'Status', value: <CloseStatus status={data!.status} /> },
                { label: 'Opening float', value: formatMoney(data!.opening_float) },
                { label: 'Cash expected', value: formatMoney(data!.expected_cash) },
                { label: 'Cash counted', value: formatMoney(data!.counted_cash) },
                { label: 'Closing float', value: formatMoney(data!.closing_float) },
                { label: 'Closed', value: `${formatDateTime(data!.closed_at)}${data!.closed_by ? ` by ${data!.closed_by.name}` : ''}` },
                ...(data!.status === 'reopened'
                  ? [{ label: 'Reopened', value: `${formatDateTime(data!.reopened_at)}${data!.reopened_by ? ` by ${data!.reopened_by.name}` : ''}: ${data!.reopen_reason ?? ''}` }]
                  : []),
                { label: 'Notes', value: data!.notes },
              ]}
            />
          </div>
          <div className="card">
            <h2 className="dc-heading">By payment method</h2>
            <DataTable caption="By payment method" columns={methodColumns} rows={data!.methods} rowKey={(row) => row.payment_method} rowLabel={(row) => DRAWER_METHOD_LABELS[row.payment_method]} plain />
          </div>
          <div className="card">
            <h2 className="dc-heading">Receipts ({data!.receipts.length})</h2>
            {data!.receipts.length === 0 ? (
              <p className="empty">No receipts in this close</p>
            ) : (
              <DataTable caption="Receipts" columns={receiptColumns} rows={data!.receipts} rowKey={(receipt) => receipt.id} rowLabel={(receipt) => receipt.number} />
            )}
          </div>
          {reopening && <ReopenDialog close={data!} onClose={() => setReopening(false)} />}
        </>
      )}
    </section>
  );
}
