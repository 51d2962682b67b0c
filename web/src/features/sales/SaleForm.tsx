import { useState } from 'react';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  SALE_STATUSES,
  pendingSaleInput,
  saleInput,
  type Sale,
  type Settings,
} from '@schemas/documents';
import { useNewDocumentBranch } from '../../shared/branches/BranchSelect';
import { centsText, percentOf, toCents } from '../../shared/ui/money';
import { today } from '../../shared/ui/dates';
import { isApiError } from '../../shared/api/client';
import { DocumentEditor } from '../documents/DocumentEditor';
import { draftInput, linesInput, newLineKey, useDocumentDraft, type DraftStart } from '../documents/draft';
import { useDocumentForm } from '../documents/useDocumentForm';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { Field } from '../../shared/forms/Field';
import { SelectField } from '../../shared/ui/SelectField';
import { useSaleMutations } from './api';

const FIELDS = ['customer_id', 'location_id', 'sale_date', 'payment_method', 'status', 'discount_amount', 'tax_amount', 'notes', 'amount_paid'];

const STATUS_LABELS: Record<(typeof SALE_STATUSES)[number], string> = { pending: 'Pending', completed: 'Completed', cancelled: 'Cancelled' };

function startOf(sale: Sale | undefined, taxRate: number, newBranch: string): DraftStart {
  if (!sale) return { party: null, location_id: newBranch, lines: [], notes: '', discount_amount: '', tax_amount: null };
  const taxFollowsRate = percentOf(toCents(sale.subtotal) - toCents(sale.discount_amount), taxRate) === toCents(sale.tax_amount);
  return {
    party: sale.customer,
    location_id: String(sale.location_id),
    notes: sale.notes ?? '',
    discount_amount: sale.discount_amount ? centsText(toCents(sale.discount_amount)) : '',
    tax_amount: taxFollowsRate ? null : centsText(toCents(sale.tax_amount)),
    lines: sale.items.map((item) => ({
      key: newLineKey(),
      product_id: item.product_id,
      product_type: item.product_type,
      product_name: item.product_name,
      description: item.description ?? '',
      quantity: item.quantity,
      priceCents: toCents(item.selling_price),
      discount: item.discount,
    })),
  };
}

interface SaleFormProps {
  /** The pending sale being edited; without it a new sale is created. */
  sale?: Sale;
  settings: Settings | undefined;
  onSaved: (sale: Sale) => void;
  /** Offered when the document changed since the form opened: loads it as it is now. */
  onReload?: () => void;
}

/** New Sale (with its status and what is paid now), and the edit of a pending sale. */
export function SaleForm({ sale, settings, onSaved, onReload }: SaleFormProps) {
  const taxRate = settings?.tax_rate ?? 0;
  const state = useDocumentDraft('sale', startOf(sale, taxRate, useNewDocumentBranch()), taxRate);
  const [saleDate, setSaleDate] = useState(sale?.sale_date ?? today());
  const [paymentMethod, setPaymentMethod] = useState<string>(sale?.payment_method ?? 'cash');
  const [status, setStatus] = useState<string>('pending');
  // null: Paid now follows the total while the sale is completed at once, else stays empty, until it is typed.
  const [paidNow, setPaidNow] = useState<string | null>(null);
  const shownPaidNow = paidNow ?? (status === 'completed' ? centsText(Math.max(state.totals.totalCents, 0)) : '');

  const { create, update } = useSaleMutations();
  const saving = sale ? update : create;
  const keyFor = useIdempotencyKey();
  const input = {
    ...draftInput(state),
    sale_date: saleDate,
    payment_method: paymentMethod,
    items: linesInput(state),
    ...(sale ? {} : { status, amount_paid: shownPaidNow }),
  };
  const form = useDocumentForm({
    input,
    schema: sale ? pendingSaleInput : saleInput,
    fields: FIELDS,
    error: saving.error,
    failureMessage: sale ? 'Error updating sale. Please try again.' : 'Error creating sale. Please try again.',
    onValid: (input) => {
      if (sale) update.mutate({ id: sale.id, input, version: sale.version }, { onSuccess: onSaved });
      else create.mutate({ input, idempotencyKey: keyFor(input) }, { onSuccess: onSaved });
    },
  });


  return (
    <DocumentEditor
      title={sale ? 'Edit Sale' : 'New Sale'}
      state={state}
      header={
        <>
          <Field name="sale_date" label="Sale Date" type="date" required value={saleDate} onChange={setSaleDate} errors={form.errors.sale_date} />
          <SelectField
            name="payment_method"
            label="Payment Method"
            value={paymentMethod}
            onChange={setPaymentMethod}
            options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            errors={form.errors.payment_method}
          />
          {!sale && (
            <SelectField
              name="status"
              label="Status"
              value={status}
              onChange={setStatus}
              options={SALE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              errors={form.errors.status}
              hint={status === 'completed' ? 'The items leave the branch stock when the sale is saved.' : undefined}
            />
          )}
        </>
      }
      afterTotals={
        !sale && (
          <Field
            name="amount_paid"
            label="Paid now"
            type="number"
            value={shownPaidNow}
            onChange={setPaidNow}
            errors={form.errors.amount_paid}
            inputProps={{ step: '0.01', min: '0', inputMode: 'decimal', placeholder: '0.00' }}
          />
        )
      }
      errors={form.errors}
      lineErrors={form.lineErrors}
      messages={form.messages}
      onReload={isApiError(saving.error, 412) ? onReload : undefined}
      submitLabel={sale ? 'Save Sale' : 'Create Sale'}
      pending={saving.isPending}
      cancelTo={sale ? `/sales/${sale.id}` : '/sales'}
      onSubmit={form.submit}
    />
  );
}
