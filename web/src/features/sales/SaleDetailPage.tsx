import { Link, useNavigate, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, type Sale, type SaleItem } from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { formatDate } from '../../shared/ui/dates';
import { DocumentView } from '../documents/DocumentView';
import { RecordPayment } from '../documents/PaymentDialog';
import { usePrint } from '../../shared/print';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { canDeleteSale, saleKeys, useSaleMutations } from './api';
import { SaleLoad } from './SaleLoad';

function SaleDocument({ sale }: { sale: Sale }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const { transition, remove } = useSaleMutations();
  const action = useConfirmedAction();
  const can = usePermissions();
  const { print, node } = usePrint({ kind: 'sale', document: sale });
  const pending = sale.status === 'pending';
  const cancelled = sale.status === 'cancelled';

  const complete = () =>
    action.ask({
      title: 'Complete Sale',
      message: `Complete this sale? Its items leave the stock of ${sale.location.name}.`,
      confirmLabel: 'Complete',
      failureMessage: 'Error completing sale. Please try again.',
      run: () => transition.mutateAsync({ id: sale.id, action: 'complete' }),
      onDone: () => flash('Sale completed successfully!'),
    });
  const cancel = () =>
    action.ask({
      title: 'Cancel Sale',
      message:
        sale.status === 'completed'
          ? 'Cancel this sale? Its items go back into stock and it can no longer be paid or edited.'
          : 'Cancel this sale? It can no longer be paid or edited.',
      confirmLabel: 'Cancel Sale',
      failureMessage: 'Error cancelling sale. Please try again.',
      run: () => transition.mutateAsync({ id: sale.id, action: 'cancel' }),
      onDone: () => flash('Sale cancelled.'),
    });
  const destroy = () =>
    action.ask({
      title: 'Delete Sale',
      message: 'Are you sure you want to delete this sale?',
      confirmLabel: 'Delete',
      failureMessage: 'Error deleting sale. Please try again.',
      run: () => remove.mutateAsync(sale.id),
      onDone: () => {
        flash('Sale deleted successfully!', '/sales');
        navigate('/sales');
      },
    });

  return (
    <>
      <DocumentView<SaleItem>
        title={`Sale #${sale.number}`}
        recordType="sale"
        document={sale}
        party={{ heading: 'Bill To', party: sale.customer }}
        notice={action.error && <ErrorBox messages={[action.error]} />}
        facts={[
          { label: 'Sale Date', value: formatDate(sale.sale_date) },
          { label: 'Payment Method', value: PAYMENT_METHOD_LABELS[sale.payment_method] },
        ]}
        lines={sale.items}
        lineKey={(item) => item.id}
        lineLabel={(item) => item.product_name}
        lineColumns={[
          {
            header: 'Product',
            cell: (item) => (
              <span className="line-product-cell">
                <strong>{item.product_name}</strong>
                {item.dot && <span className="line-description">DOT {item.dot}</span>}
              </span>
            ),
          },
          { header: 'Quantity', cell: (item) => item.quantity, className: 'cell-money' },
          { header: 'Price', cell: (item) => formatMoney(item.selling_price), className: 'cell-money' },
          { header: 'Discount', cell: (item) => `${item.discount}%`, className: 'cell-money' },
          { header: 'Total', cell: (item) => formatMoney(item.total_price), className: 'cell-money' },
        ]}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => print()}>
              Print
            </button>
            {!cancelled && (
              <Link to={`/sales/${sale.id}/edit`} className="btn btn-secondary">
                Edit
              </Link>
            )}
            {pending && (
              <button type="button" className="btn btn-primary" onClick={complete}>
                Complete
              </button>
            )}
            {!cancelled && sale.balance_due > 0 && (
              <RecordPayment receiptableType="Sale" document={sale} refreshes={[saleKeys.detail(sale.id), saleKeys.lists()]} />
            )}
            {!cancelled && can.cancelDocument(sale) && (
              <button type="button" className="btn btn-danger-outline" onClick={cancel}>
                Cancel Sale
              </button>
            )}
            {canDeleteSale(sale) && can.deleteDocument('sale', sale) && (
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

/** /sales/:id: the sale with Print, Edit, Complete, Record Payment, Cancel, Delete and its payments. */
export function SaleDetailPage() {
  const { id = '' } = useParams();
  return <SaleLoad id={id}>{(sale) => <SaleDocument sale={sale} />}</SaleLoad>;
}
