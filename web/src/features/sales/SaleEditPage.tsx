import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, completedSaleInput, type Sale } from '@schemas/documents';
import { settingsQuery } from '../../shared/api/settings';
import { Field } from '../../shared/forms/Field';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { isApiError } from '../../shared/api/client';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { saleQueries, useSaleMutations } from './api';
import { SaleForm } from './SaleForm';
import { SaleLoad } from './SaleLoad';

/** A completed sale keeps its lines and totals: only its payment method and notes change. */
function CompletedSaleForm({ sale, onSaved, onReload }: { sale: Sale; onSaved: () => void; onReload: () => void }) {
  const { update } = useSaleMutations();
  const form = useFormState(
    completedSaleInput,
    { payment_method: sale.payment_method, notes: sale.notes ?? '' },
    {
      error: update.error,
      failureMessage: 'Error updating sale. Please try again.',
      onSubmit: (input) => update.mutate({ id: sale.id, input, version: sale.version }, { onSuccess: onSaved }),
    },
  );
  return (
    <>
      <p className="card notice doc-edit-note">This sale is completed: only its payment method and notes can be changed.</p>
      <FormCard
        onSubmit={form.submit}
        messages={form.messages}
        submitLabel="Save Sale"
        pending={update.isPending}
        cancelTo={`/sales/${sale.id}`}
        onReload={isApiError(update.error, 412) ? onReload : undefined}
      >
        <SelectField
          {...form.bind('payment_method')}
          label="Payment Method"
          options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
        />
        <Field {...form.bind('notes')} label="Notes" multiline wide />
      </FormCard>
    </>
  );
}

/** The sale as the form opened it: a save is refused (412) if it changed since (a payment, another edit). */
function EditSale({ sale: live }: { sale: Sale }) {
  const { opened: sale, formKey, reload } = useOpenedRecord(live, saleQueries.detail(live.id));
  const onReload = () => void reload();
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const detailPath = `/sales/${sale.id}`;
  const onSaved = () => {
    flash('Sale updated successfully!', detailPath);
    navigate(detailPath);
  };

  if (sale.status === 'cancelled') {
    return (
      <div className="card notice">
        <p>This sale is cancelled and cannot be edited.</p>
        <Link to={detailPath} className="btn btn-secondary">
          Back to Sale
        </Link>
      </div>
    );
  }
  if (sale.status === 'completed') return <CompletedSaleForm key={formKey} sale={sale} onSaved={onSaved} onReload={onReload} />;
  if (settings.isPending) return <Spinner label="Loading…" />;
  return <SaleForm key={formKey} sale={sale} settings={settings.data} onSaved={onSaved} onReload={onReload} />;
}

/** /sales/:id/edit: a pending sale in full, a completed one's payment method and notes, a cancelled one not at all. */
export function SaleEditPage() {
  const { id = '' } = useParams();
  return (
    <section>
      <SaleLoad id={id}>
        {(sale) => (
          <>
            <PageHeader title={`Edit Sale #${sale.number}`} />
            <EditSale sale={sale} />
          </>
        )}
      </SaleLoad>
    </section>
  );
}
