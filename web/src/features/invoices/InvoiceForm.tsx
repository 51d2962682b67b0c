import { useState } from 'react';
import { draftInvoiceInput, invoiceInput, type Invoice, type Settings } from '@schemas/documents';
import { centsText, percentOf, toCents } from '../../shared/ui/money';
import { addDays, today } from '../../shared/ui/dates';
import { isApiError } from '../../shared/api/client';
import { DocumentEditor } from '../documents/DocumentEditor';
import { useNewDocumentBranch } from '../../shared/branches/BranchSelect';
import { draftInput, linesInput, newLineKey, useDocumentDraft, type DraftStart } from '../documents/draft';
import { useDocumentForm } from '../documents/useDocumentForm';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { Field } from '../../shared/forms/Field';
import { useInvoiceMutations } from './api';

const FIELDS = ['customer_id', 'location_id', 'issued_date', 'due_date', 'discount_amount', 'tax_amount', 'notes'];

/** A draft as the editor starts it; its tax follows the shop's rate if it still matches it. */
function startOf(invoice: Invoice | undefined, taxRate: number, newBranch: string): DraftStart {
  if (!invoice) return { party: null, location_id: newBranch, lines: [], notes: '', discount_amount: '', tax_amount: null };
  const taxFollowsRate = percentOf(toCents(invoice.subtotal) - toCents(invoice.discount_amount), taxRate) === toCents(invoice.tax_amount);
  return {
    party: invoice.customer,
    location_id: String(invoice.location_id),
    notes: invoice.notes ?? '',
    discount_amount: invoice.discount_amount ? centsText(toCents(invoice.discount_amount)) : '',
    tax_amount: taxFollowsRate ? null : centsText(toCents(invoice.tax_amount)),
    lines: invoice.items.map((item) => ({
      key: newLineKey(),
      product_id: item.product_id,
      product_type: item.product_type,
      product_name: item.product_name,
      description: item.description ?? '',
      quantity: item.quantity,
      priceCents: toCents(item.unit_price),
      discount: 0,
    })),
  };
}

interface InvoiceFormProps {
  /** The draft being edited; without it a new invoice is created. */
  invoice?: Invoice;
  settings: Settings | undefined;
  onSaved: (invoice: Invoice) => void;
  /** Offered when the document changed since the form opened: loads it as it is now. */
  onReload?: () => void;
}

/** Create Invoice, and the edit of a draft: every field. */
export function InvoiceForm({ invoice, settings, onSaved, onReload }: InvoiceFormProps) {
  const taxRate = settings?.tax_rate ?? 0;
  const state = useDocumentDraft('invoice', startOf(invoice, taxRate, useNewDocumentBranch()), taxRate);
  const [issuedDate, setIssuedDate] = useState(invoice?.issued_date ?? today());
  // null: the due date follows the issue date by the shop's payment terms until it is typed.
  const [dueDate, setDueDate] = useState<string | null>(invoice?.due_date ?? null);
  const shownDueDate = dueDate ?? (settings && issuedDate ? addDays(issuedDate, settings.payment_terms_days) : '');

  const { create, update } = useInvoiceMutations();
  const saving = invoice ? update : create;
  const keyFor = useIdempotencyKey();
  const input = {
    ...draftInput(state),
    issued_date: issuedDate,
    due_date: shownDueDate,
    items: linesInput(state),
    ...(invoice ? {} : { status: 'draft' }),
  };
  const form = useDocumentForm({
    input,
    schema: invoice ? draftInvoiceInput : invoiceInput,
    fields: FIELDS,
    error: saving.error,
    failureMessage: invoice ? 'Error updating invoice. Please try again.' : 'Error creating invoice. Please try again.',
    onValid: (input) => {
      if (invoice) update.mutate({ id: invoice.id, input, version: invoice.version }, { onSuccess: onSaved });
      else create.mutate({ input, idempotencyKey: keyFor(input) }, { onSuccess: onSaved });
    },
  });


  return (
    <DocumentEditor
      title={invoice ? 'Edit Invoice' : 'Create Invoice'}
      state={state}
      header={
        <>
          <Field name="issued_date" label="Issue Date" type="date" required value={issuedDate} onChange={setIssuedDate} errors={form.errors.issued_date} />
          <Field
            name="due_date"
            label="Due Date"
            type="date"
            required
            value={shownDueDate}
            onChange={setDueDate}
            errors={form.errors.due_date}
          />
        </>
      }
      errors={form.errors}
      lineErrors={form.lineErrors}
      messages={form.messages}
      onReload={isApiError(saving.error, 412) ? onReload : undefined}
      submitLabel={invoice ? 'Save Invoice' : 'Create Invoice'}
      pending={saving.isPending}
      cancelTo={invoice ? `/invoices/${invoice.id}` : '/invoices'}
      onSubmit={form.submit}
    />
  );
}
