import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Purchase, PurchaseItem } from '@schemas/documents';
import { PRODUCT_TYPE_LABELS } from '../../shared/api/products';
import { usePermissions } from '../../shared/auth/permissions';
import { formatDate } from '../../shared/ui/dates';
import { DocumentView } from '../documents/DocumentView';
import { RecordPayment } from '../documents/PaymentDialog';
import { usePrint } from '../../shared/print';
import { StatusBadge } from '../documents/StatusBadge';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { RECEIVE_CONFIRM, canCancel, canDelete, canEdit, canReceive, purchaseKeys, shownStatus, usePurchaseMutations } from './api';
import { PurchaseLoad } from './PurchaseLoad';
import { ReceiveDialog } from './ReceiveDialog';
import './purchases.css';

function ReceivedCell({ item }: { item: PurchaseItem }) {
  const complete = item.received_quantity >= item.quantity;
  return (
    <span className={complete ? 'received-complete' : item.received_quantity > 0 ? 'received-part' : undefined}>
      {item.received_quantity} of {item.quantity}
    </span>
  );
}

function PurchaseDocument({ purchase }: { purchase: Purchase }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const { transition, remove } = usePurchaseMutations();
  const action = useConfirmedAction();
  const can = usePermissions();
  const [receiving, setReceiving] = useState(false);
  const { print, node } = usePrint({ kind: 'purchase', document: purchase });
  const outstanding = purchase.balance_due;

  const markReceived = () =>
    action.ask({
      title: 'Mark as Received',
      message: RECEIVE_CONFIRM,
      confirmLabel: 'Mark as Received',
      failureMessage: 'Error receiving purchase order. Please try again.',
      run: () => transition.mutateAsync({ id: purchase.id, action: 'receive' }),
      onDone: () => flash('Purchase order received: the stock is updated.'),
    });
  const cancel = () =>
    action.ask({
      title: 'Cancel Purchase Order',
      message: 'Cancel this purchase order? It can no longer be received, paid or edited.',
      confirmLabel: 'Cancel Order',
      failureMessage: 'Error cancelling purchase order. Please try again.',
      run: () => transition.mutateAsync({ id: purchase.id, action: 'cancel' }),
      onDone: () => flash('Purchase order cancelled.'),
    });
  const destroy = () =>
    action.ask({
      title: 'Delete Purchase Order',
      message: 'Are you sure you want to delete this purchase order?',
      confirmLabel: 'Delete',
      failureMessage: 'Error deleting purchase order. Please try again.',
      run: () => remove.mutateAsync(purchase.id),
      onDone: () => {
        flash('Purchase order deleted successfully!', '/purchases');
        navigate('/purchases');
      },
    });

  return (
    <>
      <DocumentView<PurchaseItem>
        title={`Purchase Order #${purchase.number}`}
        recordType="purchase"
        document={purchase}
        party={{ heading: 'Supplier', party: purchase.supplier }}
        status={<StatusBadge status={shownStatus(purchase)} />}
        numberLabel="PO Number"
        locationLabel="Delivery Location"
        summary="order"
        payments={purchase.payments ?? []}
        notice={action.error && <ErrorBox messages={[action.error]} />}
        facts={[
          { label: 'Reference', value: purchase.reference_number || '-' },
          { label: 'Purchase Date', value: formatDate(purchase.purchase_date) },
          { label: 'Expected Delivery', value: formatDate(purchase.expected_delivery_date) || '-' },
          { label: 'Actual Delivery', value: formatDate(purchase.actual_delivery_date) || '-' },
        ]}
        lines={purchase.purchase_items}
        lineKey={(item) => item.id}
        lineLabel={(item) => item.purchaseable?.name ?? item.product_name}
        lineColumns={[
          {
            header: 'Item',
            cell: (item) => (
              <span className="line-product-cell">
                <strong>{item.purchaseable?.name ?? item.product_name}</strong>
                <span className="line-description">{PRODUCT_TYPE_LABELS[item.product_type]}</span>
              </span>
            ),
          },
          { header: 'Quantity', cell: (item) => item.quantity, className: 'cell-money' },
          { header: 'Received', cell: (item) => <ReceivedCell item={item} />, className: 'cell-money' },
          { header: 'Cost Price', cell: (item) => formatMoney(item.cost_price_at_purchase), className: 'cell-money' },
          { header: 'Total', cell: (item) => formatMoney(item.total_price), className: 'cell-money' },
          { header: 'Notes', cell: (item) => item.notes, className: 'cell-wrap' },
        ]}
        paymentAction={
          outstanding > 0 &&
          purchase.status !== 'cancelled' && (
            <RecordPayment receiptableType="Purchase" document={purchase} refreshes={[purchaseKeys.detail(purchase.id), purchaseKeys.lists()]} />
          )
        }
        actions={
          <>
            <Link to="/purchases" className="btn btn-secondary">
              Back to List
            </Link>
            <button type="button" className="btn btn-secondary" onClick={() => print()}>
              Print
            </button>
            {canEdit(purchase) && (
              <Link to={`/purchases/${purchase.id}/edit`} className="btn btn-secondary">
                Edit
              </Link>
            )}
            {canReceive(purchase) && (
              <>
                <button type="button" className="btn btn-secondary" onClick={() => setReceiving(true)}>
                  Receive
                </button>
                <button type="button" className="btn btn-primary" onClick={markReceived}>
                  Mark as Received
                </button>
              </>
            )}
            {canCancel(purchase) && can.cancelDocument(purchase) && (
              <button type="button" className="btn btn-danger-outline" onClick={cancel}>
                Cancel Order
              </button>
            )}
            {canDelete(purchase) && can.deleteDocument('purchase', purchase) && (
              <button type="button" className="btn btn-danger-outline" onClick={destroy}>
                Delete
              </button>
            )}
          </>
        }
      />
      {action.dialog}
      {receiving && (
        <ReceiveDialog
          purchase={purchase}
          onClose={() => setReceiving(false)}
          onReceived={(received) => {
            setReceiving(false);
            flash(received.status === 'received' ? 'Purchase order received: the stock is updated.' : 'Delivery received: the stock is updated.');
          }}
        />
      )}
      {node}
    </>
  );
}

/** /purchases/:id: the order with its supplier, lines and what each received, payments, and Receive, Record Payment, Edit, Cancel, Delete, Print. */
export function PurchaseDetailPage() {
  const { id = '' } = useParams();
  return <PurchaseLoad id={id}>{(purchase) => <PurchaseDocument purchase={purchase} />}</PurchaseLoad>;
}
