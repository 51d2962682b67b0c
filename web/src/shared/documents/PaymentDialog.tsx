import { fieldErrors } from '@schemas/common';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  receiptInput,
  type PaymentMethod,
  type ReceiptableType,
  type ReceiptInput,
} from '@schemas/documents';
import { isApiError } from '../api/client';
import { Field } from '../forms/Field';
import { useSchemaForm } from '../forms/useSchemaForm';
import { FormDialog } from '../ui/FormDialog';
import { formatMoney } from '../ui/money';
import { SelectField } from '../ui/SelectField';
import { useRecordPayment } from './api';
import { today } from './dates';
import { useIdempotencyKey } from './useIdempotencyKey';

const FAILED = 'Error recording payment. Please try again.';

/** Which extra boxes each payment method asks for. */
const METHOD_FIELDS: Record<PaymentMethod, ('bank_name' | 'transaction_id' | 'cheque_number')[]> = {
  cash: [],
  credit_card: ['transaction_id'],
  bank_transfer: ['bank_name', 'transaction_id'],
  cheque: ['bank_name', 'cheque_number'],
};

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

/** Record Payment: an income receipt against an invoice or a sale, the amount prefilled with the balance due. */
export function PaymentDialog({ receiptableType, document, refreshes, onClose, onRecorded }: PaymentDialogProps) {
  const record = useRecordPayment(refreshes);
  const keyFor = useIdempotencyKey();
  const form = useSchemaForm(receiptInput, {
    receipt_date: today(),
    amount: Math.max(document.balance_due, 0).toFixed(2),
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
    const body: ReceiptInput = {
      ...form.values,
      ...Object.fromEntries((['bank_name', 'transaction_id', 'cheque_number'] as const).map((name) => [name, extras.includes(name) ? form.values[name] : ''])),
      payment_method: method,
      type: 'income',
      receiptable_type: receiptableType,
      receiptable_id: document.id,
    };
    const checked = receiptInput.safeParse(body);
    if (!checked.success) return form.setErrors(fieldErrors(checked.error));
    record.mutate({ input: body, idempotencyKey: keyFor(body) }, { onSuccess: onRecorded });
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
        {receiptableType} {document.number ?? 'Draft'} · Balance due {formatMoney(document.balance_due)}
      </p>
      <Field {...form.bind('amount')} label="Amount" type="number" required inputProps={{ step: '0.01', min: '0', inputMode: 'decimal' }} />
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
