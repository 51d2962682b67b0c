import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { sentInvoiceInput, type Invoice } from '@schemas/documents';
import { settingsQuery } from '../../shared/api/settings';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { Field } from '../../shared/forms/Field';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { isApiError } from '../../shared/api/client';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { invoiceNumber, invoiceQueries, useInvoiceMutations } from './api';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceLoad } from './InvoiceLoad';

/** A sent invoice keeps its lines and totals: only its due date and notes change. */
function SentInvoiceForm({ invoice, onSaved, onReload }: { invoice: Invoice; onSaved: () => void; onReload: () => void }) {
  const { update } = useInvoiceMutations();
  const form = useFormState(
    sentInvoiceInput,
    { due_date: invoice.due_date ?? '', notes: invoice.notes ?? '' },
    {
      error: update.error,
      failureMessage: 'Error updating invoice. Please try again.',
      onSubmit: (input) => update.mutate({ id: invoice.id, input, version: invoice.version }, { onSuccess: onSaved }),
    },
  );
  return (
    <>
      <p className="card notice doc-edit-note">This invoice has been sent: only its due date and notes can be changed.</p>
      <FormCard
        onSubmit={form.submit}
        messages={form.messages}
        submitLabel="Save Invoice"
        pending={update.isPending}
        cancelTo={`/invoices/${invoice.id}`}
        onReload={isApiError(update.error, 412) ? onReload : undefined}
      >
        <Field {...form.bind('due_date')} label="Due Date" type="date" required />
        <Field {...form.bind('notes')} label="Notes" multiline wide />
      </FormCard>
    </>
  );
}

/** The invoice as the form opened it: a save is refused (412) if it changed since (a payment, another edit). */
function EditInvoice({ invoice: live }: { invoice: Invoice }) {
  const { opened: invoice, formKey, reload } = useOpenedRecord(live, invoiceQueries.detail(live.id));
  const onReload = () => void reload();
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const detailPath = `/invoices/${invoice.id}`;
  const onSaved = () => {
    flash('Invoice updated successfully!', detailPath);
    navigate(detailPath);
  };

  if (invoice.status === 'cancelled') {
    return (
      <div className="card notice">
        <p>This invoice is cancelled and cannot be edited.</p>
        <Link to={detailPath} className="btn btn-secondary">
          Back to Invoice
        </Link>
      </div>
    );
  }
  if (invoice.status !== 'draft') return <SentInvoiceForm key={formKey} invoice={invoice} onSaved={onSaved} onReload={onReload} />;
  if (settings.isPending) return <Spinner label="Loading…" />;
  return <InvoiceForm key={formKey} invoice={invoice} settings={settings.data} onSaved={onSaved} onReload={onReload} />;
}

/** /invoices/:id/edit: a draft in full, a sent invoice's due date and notes, a cancelled one not at all. */
export function InvoiceEditPage() {
  const { id = '' } = useParams();
  return (
    <section>
      <InvoiceLoad id={id}>
        {(invoice) => (
          <>
            <PageHeader title={`Edit Invoice #${invoiceNumber(invoice)}`} />
            <EditInvoice invoice={invoice} />
          </>
        )}
      </InvoiceLoad>
    </section>
  );
}
