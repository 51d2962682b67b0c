import { useState } from 'react';
import { Link } from '../../../shared/routes/Link';
import { draftInvoiceInput, invoiceInput, sentInvoiceInput, type Invoice, type InvoiceItem } from '@schemas/documents';
import { Field } from '../../../shared/forms/Field';
import { addDays, formatDate, today } from '../../../shared/ui/dates';
import { formatMoney, toCents } from '../../../shared/ui/money';
import { savedLine } from '../draft';
import type { EditableKind } from '../kind';
import { invoiceList } from '../lists';
import { LineProduct, quantityColumn } from '../DocumentView';
import { ReturnItemsLink } from '../ReturnItemsLink';

const PAYABLE = new Set(['sent', 'overdue', 'partial']);

/** Invoices: a draft is edited in full and sent (taking its number and the stock); a sent one keeps its lines. */
export const invoiceKind: EditableKind<Invoice, InvoiceItem> = {
  ...invoiceList,
  receiptableType: 'Invoice',
  afterCreate: 'list',
  partyHeading: 'Bill To',

  facts: (invoice) => [
    { label: 'Issue Date', value: formatDate(invoice.issued_date) },
    { label: 'Due Date', value: formatDate(invoice.due_date) || 'N/A' },
    ...(invoice.quote_id ? [{ label: 'From Quote', value: <Link to={`/quotes/${invoice.quote_id}`}>{invoice.quote_number}</Link> }] : []),
  ],
  lines: (invoice) => invoice.items,
  lineLabel: (item) => item.product_name,
  lineColumns: [
    { header: 'Description', cell: (item) => <LineProduct name={item.product_name} details={[item.description, item.dot && `DOT ${item.dot}`]} /> },
    quantityColumn,
    { header: 'Unit Price', cell: (item) => formatMoney(item.unit_price), className: 'cell-money' },
    { header: 'Line Total', cell: (item) => formatMoney(item.total), className: 'cell-money' },
  ],
  canPay: (invoice) => PAYABLE.has(invoice.status) && invoice.balance_due > 0,
  Actions: ({ document: invoice }) => invoice.status !== 'draft' && invoice.status !== 'cancelled' && <ReturnItemsLink source="invoice_id" id={invoice.id} lines={invoice.items} />,
  post: {
    action: 'send',
    label: 'Send',
    title: 'Send Invoice',
    message: (invoice) => `Send this invoice? It takes its number and its items leave the stock of ${invoice.location.name}.`,
    confirmLabel: 'Send',
    failureMessage: 'Error sending invoice. Please try again.',
    done: 'Invoice sent successfully!',
    when: (invoice) => invoice.status === 'draft',
  },
  cancel: {
    action: 'cancel',
    label: 'Cancel Invoice',
    title: 'Cancel Invoice',
    message: () => 'Cancel this invoice? Its items go back into stock and it can no longer be paid or edited.',
    confirmLabel: 'Cancel Invoice',
    failureMessage: 'Error cancelling invoice. Please try again.',
    done: 'Invoice cancelled.',
    when: (invoice) => invoice.status !== 'draft' && invoice.status !== 'cancelled',
  },

  posted: {
    when: (invoice) => invoice.status !== 'draft',
    note: 'This invoice has been sent: only its due date and notes can be changed.',
    schema: sentInvoiceInput,
    values: (invoice) => ({ due_date: invoice.due_date ?? '', notes: invoice.notes ?? '' }),
    fields: (bind) => (
      <>
        <Field {...bind('due_date')} label="Due Date" type="date" required />
        <Field {...bind('notes')} label="Notes" multiline wide />
      </>
    ),
  },
  schemas: { create: invoiceInput, update: draftInvoiceInput },
  formFields: ['issued_date', 'due_date'],
  draftLine: (item) => savedLine(item, toCents(item.unit_price)),
  useHeader: (invoice, _state, settings, kept) => {
    const [issuedDate, setIssuedDate] = useState(kept?.issued_date ?? invoice?.issued_date ?? today());
    // null: the due date follows the issue date by the shop's payment terms until it is typed.
    const [dueDate, setDueDate] = useState<string | null>(kept?.due_date ?? invoice?.due_date ?? null);
    const shownDueDate = dueDate ?? (settings && issuedDate ? addDays(issuedDate, settings.payment_terms_days) : '');
    return {
      input: { issued_date: issuedDate, due_date: shownDueDate, ...(invoice ? {} : { status: 'draft' }) },
      fields: (errors) => (
        <>
          <Field name="issued_date" label="Issue Date" type="date" required value={issuedDate} onChange={setIssuedDate} errors={errors.issued_date} />
          <Field name="due_date" label="Due Date" type="date" required value={shownDueDate} onChange={setDueDate} errors={errors.due_date} />
        </>
      ),
    };
  },
};
