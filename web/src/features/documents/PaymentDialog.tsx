import { useState } from 'react';
import { fieldErrors } from '@schemas/common';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECEIPTABLE_LABELS,
  purchasePaymentInput,
  receiptInput,
  type PaymentMethod,
  type ReceiptableType,
} from '@schemas/documents';
import { isApiError } from '../../shared/api/client';
import { Field } from '../../shared/forms/Field';
import { useSchemaForm } from '../../shared/forms/useSchemaForm';
import { useFlash } from '../../shared/ui/Flash';
import { FormDialog } from '../../shared/ui/FormDialog';
import { centsText, formatMoney, toCents } from '../../shared/ui/money';
import { SelectField } from '../../shared/ui/SelectField';
import { useRecordPayment } from './api';
import { today } from '../../shared/ui/dates';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { documentNumber } from '../../shared/ui/documentNumber';
import { METHOD_FIELDS } from '../../shared/ui/paymentFields';

const FAILED = 'Error recording payment. Please try again.';


const EXTRA_LABELS = { bank_name: 'Bank Name', transaction_id: 'Transaction ID', cheque_number: 'Cheque Number' };

interface PaymentDialogProps {
  /** The document paid: its kind, id, number and what is still owed. */
  receiptableType: ReceiptableType;
  document: { id: number; number: string | null; balance_due: number };
  /** Query keys that show the document (its detail, its lists), refreshed once the payment is in. */
  refreshes: readonly (readonly unknown[])[];
  onClose: () => void;
  onRecorded: () => void;
}

/**
 * Record Payment, the amount prefilled with what is still owed and never more than that: an income
 * receipt against an invoice or a sale (POST /api/receipts), or a payment to the supplier of a purchase
 * order (POST /api/purchases/{id}/payments, an expense receipt).
 */
export function PaymentDialog({ receiptableType, document, refreshes, onClose, onRecorded }: PaymentDialogProps) {
  const toSupplier = receiptableType === 'Purchase';
  const owedLabel = toSupplier ? 'Outstanding' : 'Balance due';
  const owedCents = Math.max(toCents(document.balance_due), 0);
  const record = useRecordPayment(refreshes);
  const keyFor = useIdempotencyKey();
  const form = useSchemaForm(receiptInput, {
    receipt_date: today(),
    amount: centsText(owedCents),
    payment_method: 'cash',
    bank_name: '',
    transaction_id: '',
    cheque_number: '',
    reference_number: '',
    notes: '',
  });
  const method = form.values.payment_method as PaymentMethod;
  const extras = METHOD_FIELDS[method] ?? [];

  const save = () => {
    const payment = {
      ...form.values,
      ...Object.fromEntries((['bank_name', 'transaction_id', 'cheque_number'] as const).map((name) => [name, extras.includes(name) ? form.values[name] : ''])),
      payment_method: method,
    };
    const checked = toSupplier
      ? purchasePaymentInput.safeParse(payment)
      : receiptInput.safeParse({ ...payment, type: 'income', receiptable_type: receiptableType, receiptable_id: document.id });
    if (!checked.success) return form.setErrors(fieldErrors(checked.error));
    if (toCents(checked.data.amount) > owedCents) {
      return form.setErrors({ amount: [`Amount cannot be more than the ${owedLabel.toLowerCase()} (${formatMoney(owedCents / 100)})`] });
    }
    const path = toSupplier ? `/purchases/${document.id}/payments` : '/receipts';
    record.mutate({ path, input: checked.data, idempotencyKey: keyFor(checked.data) }, { onSuccess: onRecorded });
  };

  const failure = record.error;
  const messages = failure
    ? isApiError(failure, 422) && failure.errors
      ? Object.values(failure.errors).flat()
      : [isApiError(failure, 409) || isApiError(failure, 422) ? failure.message || FAILED : FAILED]
    : null;

  return (
    <FormDialog title="Record Payment" submitLabel="Record Payment" pending={record.isPending} errors={messages} onSubmit={save} onClose={onClose}>
      <p className="dialog-lead">
        {RECEIPTABLE_LABELS[receiptableType]} {documentNumber(document)} · {owedLabel} {formatMoney(document.balance_due)}
      </p>
      <Field
        {...form.bind('amount')}
        label="Amount"
        type="number"
        required
        inputProps={{ step: '0.01', min: '0', max: centsText(owedCents), inputMode: 'decimal' }}
      />
      <SelectField
        {...form.bind('payment_method')}
        label="Payment Method"
        required
        options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
      />
      {extras.map((name) => (
        <Field key={name} {...form.bind(name)} label={EXTRA_LABELS[name]} />
      ))}
      <Field {...form.bind('reference_number')} label="Reference Number" />
      <Field {...form.bind('receipt_date')} label="Payment Date" type="date" required />
      <Field {...form.bind('notes')} label="Notes" multiline />
    </FormDialog>
  );
}

/** The Record Payment button of a document's page and the dialog it opens; says so once the payment is recorded. */
export function RecordPayment(props: Omit<PaymentDialogProps, 'onClose' | 'onRecorded'>) {
  const [open, setOpen] = useState(false);
  const flash = useFlash();
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Record Payment
      </button>
      {open && (
        <PaymentDialog
          {...props}
          onClose={() => setOpen(false)}
          onRecorded={() => {
            setOpen(false);
            flash('Payment recorded successfully!');
          }}
        />
      )}
    </>
  );
}
