import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  PURCHASABLE_TYPES,
  purchaseInput,
  purchaseUpdateInput,
  type Purchase,
  type PurchaseItem,
} from '@schemas/documents';
import { PRODUCT_TYPE_LABELS, type ProductType } from '../../../shared/api/products';
import { Field } from '../../../shared/forms/Field';
import { formatDate, today } from '../../../shared/ui/dates';
import { useFlash } from '../../../shared/ui/Flash';
import { formatMoney, toCents } from '../../../shared/ui/money';
import { SelectField } from '../../../shared/ui/SelectField';
import { productEntryQuery } from '../api';
import { savedLine } from '../draft';
import type { EditableKind } from '../kind';
import { purchaseList } from '../lists';
import { LineProduct, quantityColumn } from '../DocumentView';
import { RECEIVE_CONFIRM, canCancel, canReceive, hasReceived, shownStatus } from './purchaseRules';
import { ReceiveDialog } from './ReceiveDialog';
import { ReturnItemsLink } from '../ReturnItemsLink';
import { PURCHASE_STATUSES } from '@schemas/document-statuses';

const STATUS_LABELS: Record<Purchase['status'], string> = {
  pending: 'Pending',
  ordered: 'Ordered',
  received: 'Received',
  cancelled: 'Cancelled',
};

const STATUS_HINTS: Partial<Record<string, string>> = {
  received: 'Everything is received into the delivery location’s stock when the order is saved.',
  cancelled: 'The order is saved as cancelled: it cannot be received, paid or edited.',
};

function ReceivedCell({ item }: { item: PurchaseItem }) {
  const complete = item.received_quantity >= item.quantity;
  return (
    <span className={complete ? 'received-complete' : item.received_quantity > 0 ? 'received-part' : undefined}>
      {item.received_quantity} of {item.quantity}
    </span>
  );
}

/** Receive: what came in a delivery, line by line. */
function ReceiveButton({ document: purchase }: { document: Purchase }) {
  const flash = useFlash();
  const [receiving, setReceiving] = useState(false);
  if (!canReceive(purchase)) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setReceiving(true)}>
        Receive
      </button>
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
    </>
  );
}

const isPurchasable = (value: string | null): value is ProductType => PURCHASABLE_TYPES.some((type) => type === value);

/**
 * The product named by "Order more" (?product_id=ID, with &product_type=TYPE when the link knows it),
 * ready in the item entry row. A product that cannot be read leaves the row empty: the order is still made by hand.
 */
function usePresetProduct() {
  const [params] = useSearchParams();
  const id = params.get('product_id') ?? '';
  const type = params.get('product_type');
  const wanted = /^\d+$/.test(id);
  const product = useQuery({ ...productEntryQuery(id, isPurchasable(type) ? [type] : PURCHASABLE_TYPES), enabled: wanted, retry: false });
  return { waiting: wanted && product.isPending, product: wanted ? (product.data ?? null) : null };
}

/** Purchase orders: sent to a supplier, received into a branch's stock at once or delivery by delivery, paid to the supplier. */
export const purchaseKind: EditableKind<Purchase, PurchaseItem> = {
  ...purchaseList,
  receiptableType: 'Purchase',
  afterCreate: 'detail',
  shownStatus,
  partyHeading: 'Supplier',
  printLayouts: ['a4'],

  numberLabel: 'PO Number',
  locationLabel: 'Delivery Location',
  summary: 'order',
  backToList: true,
  facts: (purchase) => [
    { label: 'Reference', value: purchase.reference_number || '-' },
    { label: 'Purchase Date', value: formatDate(purchase.purchase_date) },
    { label: 'Expected Delivery', value: formatDate(purchase.expected_delivery_date) || '-' },
    { label: 'Actual Delivery', value: formatDate(purchase.actual_delivery_date) || '-' },
  ],
  lines: (purchase) => purchase.purchase_items,
  lineLabel: (item) => item.purchaseable?.name ?? item.product_name,
  lineColumns: [
    { header: 'Item', cell: (item) => <LineProduct name={item.purchaseable?.name ?? item.product_name} details={[PRODUCT_TYPE_LABELS[item.product_type]]} /> },
    quantityColumn,
    { header: 'Received', cell: (item) => <ReceivedCell item={item} />, className: 'cell-money' },
    { header: 'Cost Price', cell: (item) => formatMoney(item.cost_price_at_purchase), className: 'cell-money' },
    { header: 'Total', cell: (item) => formatMoney(item.total_price), className: 'cell-money' },
    { header: 'Notes', cell: (item) => item.notes, className: 'cell-wrap' },
  ],
  payments: (purchase) => purchase.payments ?? [],
  canPay: (purchase) => purchase.balance_due > 0 && purchase.status !== 'cancelled',
  Actions: ({ document: purchase }) => (
    <>
      <ReceiveButton document={purchase} />
      {purchase.status !== 'cancelled' && (
        <ReturnItemsLink
          source="purchase_id"
          id={purchase.id}
          lines={purchase.purchase_items.map((line) => ({ ...line, quantity: line.received_quantity }))}
        />
      )}
    </>
  ),
  post: {
    action: 'receive',
    label: 'Mark as Received',
    title: 'Mark as Received',
    message: () => RECEIVE_CONFIRM,
    confirmLabel: 'Mark as Received',
    failureMessage: 'Error receiving purchase order. Please try again.',
    done: 'Purchase order received: the stock is updated.',
    when: canReceive,
  },
  cancel: {
    action: 'cancel',
    label: 'Cancel Order',
    title: 'Cancel Purchase Order',
    message: () => 'Cancel this purchase order? It can no longer be received, paid or edited.',
    confirmLabel: 'Cancel Order',
    failureMessage: 'Error cancelling purchase order. Please try again.',
    done: 'Purchase order cancelled.',
    when: canCancel,
  },

  editNote: (purchase) =>
    hasReceived(purchase)
      ? 'Some goods of this order have been received: their lines stay, and no quantity can go below what has come in.'
      : undefined,
  usePresetProduct,
  schemas: { create: purchaseInput, update: purchaseUpdateInput },
  formFields: ['purchase_date', 'expected_delivery_date', 'reference_number', 'status'],
  /** Saved lines keep their id and what they received. */
  draftLine: (item) =>
    savedLine({ ...item, description: '' }, toCents(item.cost_price_at_purchase), { id: item.id, notes: item.notes ?? '', received: item.received_quantity }),
  useHeader: (purchase, _state, _settings, kept) => {
    const [purchaseDate, setPurchaseDate] = useState(kept?.purchase_date ?? purchase?.purchase_date ?? today());
    const [expectedDate, setExpectedDate] = useState(kept?.expected_delivery_date ?? purchase?.expected_delivery_date ?? '');
    const [reference, setReference] = useState(kept?.reference_number ?? purchase?.reference_number ?? '');
    const [status, setStatus] = useState<string>(kept?.status ?? purchase?.status ?? 'pending');
    // An order being edited moves only between pending and ordered; receiving and cancelling are actions of their own.
    const statuses = purchase ? (['pending', 'ordered'] as const) : PURCHASE_STATUSES;
    return {
      input: { purchase_date: purchaseDate, expected_delivery_date: expectedDate, reference_number: reference, status },
      fields: (errors) => (
        <>
          <Field name="purchase_date" label="Purchase Date" type="date" required value={purchaseDate} onChange={setPurchaseDate} errors={errors.purchase_date} />
          <Field
            name="expected_delivery_date"
            label="Expected Delivery Date"
            type="date"
            value={expectedDate}
            onChange={setExpectedDate}
            errors={errors.expected_delivery_date}
          />
          <Field
            name="reference_number"
            label="Reference Number"
            value={reference}
            onChange={setReference}
            errors={errors.reference_number}
            inputProps={{ placeholder: 'Supplier’s quote or order number' }}
          />
          <SelectField
            name="status"
            label="Status"
            value={status}
            onChange={setStatus}
            options={statuses.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            errors={errors.status}
            hint={STATUS_HINTS[status]}
          />
        </>
      ),
    };
  },
};
