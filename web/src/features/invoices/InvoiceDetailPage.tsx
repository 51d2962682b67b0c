import { Link, useNavigate, useParams } from 'react-router';
import type { Invoice, InvoiceItem } from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { formatDate } from '../../shared/ui/dates';
import { DocumentView } from '../documents/DocumentView';
import { RecordPayment } from '../documents/PaymentDialog';
import { usePrint } from '../../shared/print';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { invoiceKeys, invoiceNumber, useInvoiceMutations } from './api';
import { InvoiceLoad } from './InvoiceLoad';

const PAYABLE = new Set(['sent', 'overdue', 'partial']);

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const { transition, remove } = useInvoiceMutations();
  const action = useConfirmedAction();
  const can = usePermissions();
  const { print, node } = usePrint({ kind: 'invoice', document: invoice });
  const isDraft = invoice.status === 'draft';
  const cancelled = invoice.status === 'cancelled';

  const send = () =>
    action.ask({
      title: 'Send Invoice',
      message: `Send this invoice? It takes its number and its items leave the stock of ${invoice.location.name}.`,
      confirmLabel: 'Send',
      failureMessage: 'Error sending invoice. Please try again.',
      run: () => transition.mutateAsync({ id: invoice.id, action: 'send' }),
      onDone: () => flash('Invoice sent successfully!'),
    });
  const cancel = () =>
    action.ask({
      title: 'Cancel Invoice',
      message: 'Cancel this invoice? Its items go back into stock and it can no longer be paid or edited.',
      confirmLabel: 'Cancel Invoice',
      failureMessage: 'Error cancelling invoice. Please try again.',
      run: () => transition.mutateAsync({ id: invoice.id, action: 'cancel' }),
      onDone: () => flash('Invoice cancelled.'),
    });
  const destroy = () =>
    action.ask({
      title: 'Delete Invoice',
      message: 'Are you sure you want to delete this invoice?',
      confirmLabel: 'Delete',
      failureMessage: 'Error deleting invoice. Please try again.',
      run: () => remove.mutateAsync(invoice.id),
      onDone: () => {
        flash('Invoice deleted successfully!', '/invoices');
        navigate('/invoices');
      },
    });

  return (
    <>
      <DocumentView<InvoiceItem>
        title={`Invoice #${invoiceNumber(invoice)}`}
        recordType="invoice"
        document={invoice}
        party={{ heading: 'Bill To', party: invoice.customer }}
        notice={action.error && <ErrorBox messages={[action.error]} />}
        facts={[
          { label: 'Issue Date', value: formatDate(invoice.issued_date) },
          { label: 'Due Date', value: formatDate(invoice.due_date) || 'N/A' },
        ]}
        lines={invoice.items}
        lineKey={(item) => item.id}
        lineLabel={(item) => item.product_name}
        lineColumns={[
          {
            header: 'Description',
            cell: (item) => (
              <span className="line-product-cell">
                <strong>{item.product_name}</strong>
                {item.description && <span className="line-description">{item.description}</span>}
                {item.dot && <span className="line-description">DOT {item.dot}</span>}
              </span>
            ),
          },
          { header: 'Quantity', cell: (item) => item.quantity, className: 'cell-money' },
          { header: 'Unit Price', cell: (item) => formatMoney(item.unit_price), className: 'cell-money' },
          { header: 'Line Total', cell: (item) => formatMoney(item.total), className: 'cell-money' },
        ]}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => print()}>
              Print
            </button>
            {!cancelled && (
              <Link to={`/invoices/${invoice.id}/edit`} className="btn btn-secondary">
                Edit
              </Link>
            )}
            {isDraft && (
              <button type="button" className="btn btn-primary" onClick={send}>
                Send
              </button>
            )}
            {PAYABLE.has(invoice.status) && invoice.balance_due > 0 && (
              <RecordPayment receiptableType="Invoice" document={invoice} refreshes={[invoiceKeys.detail(invoice.id), invoiceKeys.lists()]} />
            )}
            {!isDraft && !cancelled && can.cancelDocument(invoice) && (
              <button type="button" className="btn btn-danger-outline" onClick={cancel}>
                Cancel Invoice
              </button>
            )}
            {isDraft && can.deleteDocument('invoice', invoice) && (
              <button type="button" className="btn btn-danger-outline" onClick={destroy}>
                Delete
              </button>
            )}
          </>
        }
      />
      {action.dialog}
      {node}
    </>
  );
}

/** /invoices/:id: the invoice with Print, Edit, Send, Record Payment, Cancel, Delete and its payments. */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  return <InvoiceLoad id={id}>{(invoice) => <InvoiceDocument invoice={invoice} />}</InvoiceLoad>;
}
