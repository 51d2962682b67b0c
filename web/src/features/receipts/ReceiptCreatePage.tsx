import { useEffect, useRef, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  RECEIPTABLE_LABELS,
  RECEIPTABLE_TYPES,
  RECEIPT_TYPES,
  receiptInput,
  type PaymentMethod,
  type ReceiptableType,
  type ReceiptType,
} from '@schemas/documents';
import { usePermissions } from '../../shared/auth/permissions';
import { centsText, formatMoney, toCents } from '../../shared/ui/money';
import { today } from '../../shared/ui/dates';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { Field } from '../../shared/forms/Field';
import { useFormState } from '../../shared/forms/FormCard';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { payableDocumentsQuery, useCreateReceipt, type PayableDocument } from './api';
import { RECEIPT_TYPE_LABELS } from './labels';
import './receipts.css';
import { METHOD_FIELDS } from '../../shared/ui/paymentFields';


const EXTRA_FIELD_LABELS = { bank_name: 'Bank Name', cheque_number: 'Cheque Number', transaction_id: 'Transaction ID' } as const;

const isDocumentType = (value: string | null): value is ReceiptableType => RECEIPTABLE_TYPES.includes(value as ReceiptableType);

/** What is still owed on a document (or, for a refund, what was paid on it), never below zero. */
function amountDue(document: PayableDocument, receiptType: string): string {
  const cents = receiptType === 'refund' ? toCents(document.total_paid) : toCents(document.net_amount) - toCents(document.total_paid);
  return centsText(Math.max(cents, 0));
}

function documentLabel(document: PayableDocument, receiptType: string): string {
  const owed = receiptType === 'refund' ? `paid ${formatMoney(document.total_paid)}` : `due ${formatMoney(amountDue(document, receiptType))}`;
  return [document.number ?? `#${document.id}`, document.party, owed].filter(Boolean).join(' · ');
}

export function ReceiptCreatePage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const [params] = useSearchParams();
  const create = useCreateReceipt();
  const idempotencyKey = useIdempotencyKey();

  const presetType = params.get('receiptable_type');
  const presetDocumentType = isDocumentType(presetType) ? presetType : '';
  // Staff are not offered a refund (an administrator's): money back with no goods coming back.
  const refunds = usePermissions().recordRefund;
  const receiptTypes = refunds ? RECEIPT_TYPES : RECEIPT_TYPES.filter((type) => type !== 'refund');
  const presetReceiptType = receiptTypes.find((type) => type === params.get('type'));
  const form = useFormState(
    receiptInput,
    {
      receipt_date: today(),
      type: presetReceiptType ?? (presetDocumentType === 'Purchase' ? 'expense' : 'income'),
      receiptable_type: presetDocumentType,
      receiptable_id: presetDocumentType ? (params.get('receiptable_id') ?? '') : '',
      amount: '',
      payment_method: 'cash',
      bank_name: '',
      cheque_number: '',
      transaction_id: '',
      reference_number: '',
      notes: '',
    },
    {
      error: create.error,
      failureMessage: 'Error creating receipt. Please try again.',
      onSubmit: (input) => {
        const extras = METHOD_FIELDS[input.payment_method];
        const body = {
          ...input,
          bank_name: extras.includes('bank_name') ? input.bank_name : null,
          cheque_number: extras.includes('cheque_number') ? input.cheque_number : null,
          transaction_id: extras.includes('transaction_id') ? input.transaction_id : null,
        };
        create.mutate(
          { input: body, idempotencyKey: idempotencyKey(body) },
          {
            onSuccess: (receipt) => {
              flash(`Receipt ${receipt.number} created.`, `/receipts/${receipt.id}`);
              navigate(`/receipts/${receipt.id}`);
            },
          },
        );
      },
    },
  );
  const { values, setField, bind } = form;
  const documentType = isDocumentType(values.receiptable_type) ? values.receiptable_type : null;
  const receiptType = values.type as ReceiptType;
  const documents = useQuery({ ...payableDocumentsQuery(documentType ?? 'Invoice', receiptType), enabled: Boolean(documentType) });

  // The amount follows the chosen document (and, for a refund, what was paid on it) until it is typed
  // over; a preset document (from a document's page) gets it once the list has it; a chosen one the
  // list no longer offers (the type changed to refund) is cleared.
  const prefilledAmount = useRef<string | null>(null);
  const prefill = (document: PayableDocument, type: string) => {
    const amount = amountDue(document, type);
    prefilledAmount.current = amount;
    setField('amount', amount);
  };
  useEffect(() => {
    if (!documents.data || !values.receiptable_id) return;
    const chosen = documents.data.find((document) => String(document.id) === values.receiptable_id);
    if (!chosen) setField('receiptable_id', '');
    else if (!values.amount || values.amount === prefilledAmount.current) prefill(chosen, receiptType);
  }, [documents.data]);

  const chooseDocumentType = (value: string) => {
    setField('receiptable_type', value);
    setField('receiptable_id', '');
    if (value) setField('type', value === 'Purchase' ? 'expense' : 'income');
  };

  const chooseDocument = (value: string) => {
    setField('receiptable_id', value);
    const chosen = documents.data?.find((document) => String(document.id) === value);
    if (chosen) prefill(chosen, receiptType);
  };

  const messageBox = useRef<HTMLDivElement>(null);
  const failed = Boolean(form.messages?.length);
  // A refused receipt is said above the fields, out of sight of the button that was pressed.
  useEffect(() => {
    if (failed) messageBox.current?.scrollIntoView({ block: 'nearest' });
  }, [failed, form.messages]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!create.isPending) form.submit();
  };

  const documentHint = !documentType
    ? 'Choose the related document type first.'
    : documents.isPending
      ? 'Loading documents...'
      : documents.isError
        ? 'The documents could not be loaded. Please try again.'
        : documents.data.length === 0
            ? `No ${receiptType === 'refund' ? 'paid' : 'outstanding'} ${RECEIPTABLE_LABELS[documentType].toLowerCase()}s.`
            : undefined;

  return (
    <section>
      <PageHeader title="New Receipt" />
      <form className="card form" onSubmit={submit} noValidate aria-label="New receipt">
        <div ref={messageBox} className="form-messages">
          {form.messages?.length ? <ErrorBox messages={form.messages} /> : null}
        </div>
        <div className="form-grid">
          <Field {...bind('receipt_date')} label="Receipt Date" type="date" required />
          <SelectField
            {...bind('type')}
            label="Type"
            required
            options={receiptTypes.map((type) => ({ value: type, label: RECEIPT_TYPE_LABELS[type] }))}
            hint={refunds ? undefined : 'Only an administrator can record a refund.'}
          />
          <SelectField
            {...bind('receiptable_type')}
            onChange={chooseDocumentType}
            label="Related Document Type"
            required
            placeholder="Select type"
            options={RECEIPTABLE_TYPES.map((type) => ({ value: type, label: RECEIPTABLE_LABELS[type] }))}
          />
          <SelectField
            {...bind('receiptable_id')}
            onChange={chooseDocument}
            label="Related Document"
            required
            disabled={!documents.data?.length}
            placeholder={documentType ? 'Select document' : 'Select a type first'}
            options={(documents.data ?? []).map((document) => ({ value: String(document.id), label: documentLabel(document, receiptType) }))}
            hint={documentHint}
          />
          <Field {...bind('amount')} label="Amount" type="number" required inputProps={{ min: '0', step: '0.01', inputMode: 'decimal' }} />
          <SelectField
            {...bind('payment_method')}
            label="Payment Method"
            required
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
          />
          {METHOD_FIELDS[values.payment_method as PaymentMethod]?.map((name) => (
            <Field key={name} {...bind(name)} label={EXTRA_FIELD_LABELS[name]} />
          ))}
          <Field {...bind('reference_number')} label="Reference Number" />
          <Field {...bind('notes')} label="Notes" multiline wide />
        </div>
        <div className="form-actions">
          <Link to="/receipts" className="btn btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Receipt'}
          </button>
        </div>
      </form>
    </section>
  );
}
