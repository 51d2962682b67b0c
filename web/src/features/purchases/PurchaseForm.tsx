import { useState } from 'react';
import { PURCHASE_STATUSES, purchaseInput, purchaseUpdateInput, type Purchase, type Settings } from '@schemas/documents';
import type { ProductEntry } from '../../shared/api/products';
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
import { usePurchaseMutations } from './api';

const FIELDS = [
  'supplier_id',
  'location_id',
  'purchase_date',
  'expected_delivery_date',
  'reference_number',
  'status',
  'discount_amount',
  'tax_amount',
  'notes',
];

const STATUS_LABELS: Record<(typeof PURCHASE_STATUSES)[number], string> = {
  pending: 'Pending',
  ordered: 'Ordered',
  received: 'Received',
  cancelled: 'Cancelled',
};

const STATUS_HINTS: Partial<Record<string, string>> = {
  received: 'Everything is received into the delivery location’s stock when the order is saved.',
  cancelled: 'The order is saved as cancelled: it cannot be received, paid or edited.',
};

/** An order as the editor starts it: saved lines keep their id and what they received. */
function startOf(purchase: Purchase | undefined, taxRate: number, newBranch: string): DraftStart {
  if (!purchase) return { party: null, location_id: newBranch, lines: [], notes: '', discount_amount: '', tax_amount: null };
  const taxFollowsRate = percentOf(toCents(purchase.subtotal) - toCents(purchase.discount_amount), taxRate) === toCents(purchase.tax_amount);
  return {
    party: purchase.supplier,
    location_id: String(purchase.location_id),
    notes: purchase.notes ?? '',
    discount_amount: purchase.discount_amount ? centsText(toCents(purchase.discount_amount)) : '',
    tax_amount: taxFollowsRate ? null : centsText(toCents(purchase.tax_amount)),
    lines: purchase.purchase_items.map((item) => ({
      key: newLineKey(),
      id: item.id,
      product_id: item.product_id,
      product_type: item.product_type,
      product_name: item.product_name,
      description: '',
      notes: item.notes ?? '',
      quantity: item.quantity,
      priceCents: toCents(item.cost_price_at_purchase),
      discount: 0,
      received: item.received_quantity,
    })),
  };
}

interface PurchaseFormProps {
  /** The pending or ordered order being edited; without it a new order is created. */
  purchase?: Purchase;
  settings: Settings | undefined;
  /** A product to order, waiting in the item entry row (from "Order more"). */
  presetProduct?: ProductEntry | null;
  onSaved: (purchase: Purchase) => void;
  /** Offered when the document changed since the form opened: loads it as it is now. */
  onReload?: () => void;
}

/** New Purchase Order, and the edit of a pending or ordered one. */
export function PurchaseForm({ purchase, settings, presetProduct, onSaved, onReload }: PurchaseFormProps) {
  const taxRate = settings?.tax_rate ?? 0;
  const state = useDocumentDraft('purchase', startOf(purchase, taxRate, useNewDocumentBranch()), taxRate);
  const [purchaseDate, setPurchaseDate] = useState(purchase?.purchase_date ?? today());
  const [expectedDate, setExpectedDate] = useState(purchase?.expected_delivery_date ?? '');
  const [reference, setReference] = useState(purchase?.reference_number ?? '');
  const [status, setStatus] = useState<string>(purchase?.status ?? 'pending');
  // An order being edited moves only between pending and ordered; receiving and cancelling are actions of their own.
  const statuses = purchase ? (['pending', 'ordered'] as const) : PURCHASE_STATUSES;

  const { create, update } = usePurchaseMutations();
  const saving = purchase ? update : create;
  const keyFor = useIdempotencyKey();
  const input = {
    ...draftInput(state),
    purchase_date: purchaseDate,
    expected_delivery_date: expectedDate,
    reference_number: reference,
    status,
    items: linesInput(state),
  };
  const form = useDocumentForm({
    input,
    schema: purchase ? purchaseUpdateInput : purchaseInput,
    fields: FIELDS,
    error: saving.error,
    failureMessage: purchase ? 'Error updating purchase order. Please try again.' : 'Error creating purchase order. Please try again.',
    onValid: (input) => {
      if (purchase) update.mutate({ id: purchase.id, input, version: purchase.version }, { onSuccess: onSaved });
      else create.mutate({ input, idempotencyKey: keyFor(input) }, { onSuccess: onSaved });
    },
  });


  return (
    <DocumentEditor
      title={purchase ? 'Edit Purchase Order' : 'New Purchase Order'}
      state={state}
      locationLabel="Delivery Location"
      presetProduct={presetProduct}
      header={
        <>
          <Field
            name="purchase_date"
            label="Purchase Date"
            type="date"
            required
            value={purchaseDate}
            onChange={setPurchaseDate}
            errors={form.errors.purchase_date}
          />
          <Field
            name="expected_delivery_date"
            label="Expected Delivery Date"
            type="date"
            value={expectedDate}
            onChange={setExpectedDate}
            errors={form.errors.expected_delivery_date}
          />
          <Field
            name="reference_number"
            label="Reference Number"
            value={reference}
            onChange={setReference}
            errors={form.errors.reference_number}
            inputProps={{ placeholder: 'Supplier’s quote or order number' }}
          />
          <SelectField
            name="status"
            label="Status"
            value={status}
            onChange={setStatus}
            options={statuses.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            errors={form.errors.status}
            hint={STATUS_HINTS[status]}
          />
        </>
      }
      errors={form.errors}
      lineErrors={form.lineErrors}
      messages={form.messages}
      onReload={isApiError(saving.error, 412) ? onReload : undefined}
      submitLabel={purchase ? 'Save Purchase Order' : 'Create Purchase Order'}
      pending={saving.isPending}
      cancelTo={purchase ? `/purchases/${purchase.id}` : '/purchases'}
      onSubmit={form.submit}
    />
  );
}
