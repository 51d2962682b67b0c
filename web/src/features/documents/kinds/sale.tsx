import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../shared/routes/Link';
import { WALK_IN_CUSTOMER } from '@schemas/customers';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  SALE_STATUSES,
  completedSaleInput,
  pendingSaleInput,
  saleInput,
  type Sale,
  type SaleItem,
} from '@schemas/documents';
import { Field } from '../../../shared/forms/Field';
import { formatDate, today } from '../../../shared/ui/dates';
import { centsText, formatMoney, toCents } from '../../../shared/ui/money';
import { SelectField } from '../../../shared/ui/SelectField';
import { partySearchQuery } from '../api';
import { savedLine } from '../draft';
import type { EditableKind } from '../kind';
import { saleList } from '../lists';
import { LineProduct, quantityColumn } from '../DocumentView';
import { ReturnItemsLink } from '../ReturnItemsLink';

const STATUS_LABELS: Record<(typeof SALE_STATUSES)[number], string> = { pending: 'Pending', completed: 'Completed', cancelled: 'Cancelled' };
const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** A new sale is to the walk-in customer until another is chosen (none when the shop has no customer of that name). */
function useWalkInCustomer() {
  const found = useQuery(partySearchQuery('customers', WALK_IN_CUSTOMER));
  const party = found.data?.data.find((customer) => customer.name.toLowerCase() === WALK_IN_CUSTOMER.toLowerCase()) ?? null;
  return { waiting: found.isPending, party };
}

/** Sales: a counter sale, completed and paid in one step, or a pending one completed later. */
export const saleKind: EditableKind<Sale, SaleItem> = {
  ...saleList,
  receiptableType: 'Sale',
  afterCreate: 'detail',
  printAfterCreate: 'thermal',
  partyHeading: 'Bill To',
  facts: (sale) => [
    { label: 'Sale Date', value: formatDate(sale.sale_date) },
    { label: 'Payment Method', value: PAYMENT_METHOD_LABELS[sale.payment_method] },
    ...(sale.quote_id ? [{ label: 'From Quote', value: <Link to={`/quotes/${sale.quote_id}`}>{sale.quote_number}</Link> }] : []),
  ],
  lines: (sale) => sale.items,
  lineLabel: (item) => item.product_name,
  lineColumns: [
    { header: 'Product', cell: (item) => <LineProduct name={item.product_name} details={[item.dot && `DOT ${item.dot}`]} /> },
    quantityColumn,
    { header: 'Price', cell: (item) => formatMoney(item.selling_price), className: 'cell-money' },
    { header: 'Discount', cell: (item) => `${item.discount}%`, className: 'cell-money' },
    { header: 'Total', cell: (item) => formatMoney(item.total_price), className: 'cell-money' },
  ],
  canPay: (sale) => sale.status !== 'cancelled' && sale.balance_due > 0,
  Actions: ({ document: sale }) => sale.status === 'completed' && <ReturnItemsLink source="sale_id" id={sale.id} lines={sale.items} />,
  post: {
    action: 'complete',
    label: 'Complete',
    title: 'Complete Sale',
    message: (sale) => `Complete this sale? Its items leave the stock of ${sale.location.name}.`,
    confirmLabel: 'Complete',
    failureMessage: 'Error completing sale. Please try again.',
    done: 'Sale completed successfully!',
    when: (sale) => sale.status === 'pending',
  },
  cancel: {
    action: 'cancel',
    label: 'Cancel Sale',
    title: 'Cancel Sale',
    message: (sale) =>
      sale.status === 'completed'
        ? 'Cancel this sale? Its items go back into stock and it can no longer be paid or edited.'
        : 'Cancel this sale? It can no longer be paid or edited.',
    confirmLabel: 'Cancel Sale',
    failureMessage: 'Error cancelling sale. Please try again.',
    done: 'Sale cancelled.',
    when: (sale) => sale.status !== 'cancelled',
  },

  posted: {
    when: (sale) => sale.status === 'completed',
    note: 'This sale is completed: only its payment method and notes can be changed.',
    schema: completedSaleInput,
    values: (sale) => ({ payment_method: sale.payment_method, notes: sale.notes ?? '' }),
    fields: (bind) => (
      <>
        <SelectField {...bind('payment_method')} label="Payment Method" options={METHOD_OPTIONS} />
        <Field {...bind('notes')} label="Notes" multiline wide />
      </>
    ),
  },
  schemas: { create: saleInput, update: pendingSaleInput },
  formFields: ['sale_date', 'payment_method', 'status', 'amount_paid'],
  usePresetParty: useWalkInCustomer,
  draftLine: (item) => savedLine(item, toCents(item.selling_price), { discount: item.discount }),
  /** The sale's date and payment method; a new one also its status and what is paid at the counter. */
  useHeader: (sale, state, _settings, kept) => {
    const [saleDate, setSaleDate] = useState(kept?.sale_date ?? sale?.sale_date ?? today());
    const [paymentMethod, setPaymentMethod] = useState<string>(kept?.payment_method ?? sale?.payment_method ?? 'cash');
    const [status, setStatus] = useState<string>(kept?.status ?? 'pending');
    // null: Paid now follows the total while the sale is completed at once, else stays empty, until it is typed.
    const [paidNow, setPaidNow] = useState<string | null>(kept?.amount_paid || null);
    const shownPaidNow = paidNow ?? (status === 'completed' ? centsText(Math.max(state.totals.totalCents, 0)) : '');
    return {
      input: { sale_date: saleDate, payment_method: paymentMethod, ...(sale ? {} : { status, amount_paid: shownPaidNow }) },
      fields: (errors) => (
        <>
          <Field name="sale_date" label="Sale Date" type="date" required value={saleDate} onChange={setSaleDate} errors={errors.sale_date} />
          <SelectField
            name="payment_method"
            label="Payment Method"
            value={paymentMethod}
            onChange={setPaymentMethod}
            options={METHOD_OPTIONS}
            errors={errors.payment_method}
          />
          {!sale && (
            <SelectField
              name="status"
              label="Status"
              value={status}
              onChange={setStatus}
              options={SALE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              errors={errors.status}
              hint={status === 'completed' ? 'The items leave the branch stock when the sale is saved.' : undefined}
            />
          )}
        </>
      ),
      // The counter's common case: completed, and paid in full by the payment method chosen (cash unless changed).
      primary: {
        label: 'Complete and pay',
        prepare: () => {
          setStatus('completed');
          setPaidNow(null);
        },
      },
      afterTotals: (errors) =>
        !sale && (
          <Field
            name="amount_paid"
            label="Paid now"
            type="number"
            value={shownPaidNow}
            onChange={setPaidNow}
            errors={errors.amount_paid}
            inputProps={{ step: '0.01', min: '0', inputMode: 'decimal', placeholder: '0.00' }}
          />
        ),
    };
  },
};
