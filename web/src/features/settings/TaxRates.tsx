import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxRate, TaxRateInput } from '@schemas/tax';
import { api, errorMessages, isApiError } from '../../shared/api/client';
import { taxRateKeys, taxRatesQuery } from '../../shared/api/taxRates';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { FieldFrame } from '../../shared/forms/FieldFrame';
import { FormDialog } from '../../shared/ui/FormDialog';
import { Spinner } from '../../shared/ui/Spinner';
import { useConfirmedDelete } from '../../shared/ui/useConfirmedDelete';

interface Editing {
  rate: TaxRate | null;
}

function useTaxRateMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: taxRateKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ rate, input }: { rate: TaxRate | null; input: TaxRateInput }) =>
        rate ? api.put<{ data: TaxRate }>(`/tax-rates/${rate.id}`, input, { version: rate.version }) : api.post<{ data: TaxRate }>('/tax-rates', input),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (rate: TaxRate) => api.delete(`/tax-rates/${rate.id}`), onSuccess: refresh }),
  };
}

/** The shop's tax rates: the default taxes every product without a rate of its own. Administrators change them. */
export function TaxRates({ canChange }: { canChange: boolean }) {
  const rates = useQuery(taxRatesQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { save, remove } = useTaxRateMutations();
  const confirmDelete = useConfirmedDelete<TaxRate>({
    remove,
    title: 'Delete Tax Rate',
    confirmMessage: 'Delete this tax rate? Documents already written keep the rates their lines were sold at.',
    failureMessage: 'Error deleting the tax rate. Please try again.',
    onDeleted: () => undefined,
  });

  return (
    <div className="card settings-card" aria-labelledby="tax-rates-title">
      <h2 id="tax-rates-title" className="form-title">
        Tax Rates
      </h2>
      <p className="settings-hint">
        Quotes, invoices and sales are taxed line by line at each product's rate (the default when it has none of its own); a customer with an exemption certificate pays none.
      </p>
      {rates.isPending ? (
        <Spinner label="Loading tax rates..." />
      ) : rates.isError ? (
        <ErrorBox messages={[`Error loading tax rates: ${rates.error.message}`]} />
      ) : (
        <DataTable
          caption="Tax rates"
          plain
          columns={[
            { header: 'Name', cell: (rate) => rate.name },
            { header: 'Rate', cell: (rate) => `${rate.rate}%`, numeric: true },
            { header: 'Default', cell: (rate) => (rate.is_default ? 'Default' : '') },
            { header: 'Products', cell: (rate) => (rate.is_default ? 'All without their own' : String(rate.products)), numeric: true },
          ]}
          rows={rates.data}
          rowKey={(rate) => rate.id}
          rowLabel={(rate) => rate.name}
          actions={
            canChange
              ? (rate) => (
                  <>
                    <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing({ rate })}>
                      Edit
                    </button>
                    {!rate.is_default && (
                      <button type="button" className="btn btn-danger btn-small" onClick={() => confirmDelete.ask(rate)}>
                        Delete
                      </button>
                    )}
                  </>
                )
              : undefined
          }
        />
      )}
      {canChange && (
        <button type="button" className="btn btn-secondary" onClick={() => setEditing({ rate: null })}>
          Add Tax Rate
        </button>
      )}
      {confirmDelete.error && <ErrorBox messages={[confirmDelete.error]} />}
      {confirmDelete.dialog}
      {editing && <TaxRateDialog rate={editing.rate} save={save} onClose={() => setEditing(null)} />}
    </div>
  );
}

function TaxRateDialog({ rate, save, onClose }: { rate: TaxRate | null; save: ReturnType<typeof useTaxRateMutations>['save']; onClose: () => void }) {
  const [name, setName] = useState(rate?.name ?? '');
  const [value, setValue] = useState(rate ? String(rate.rate) : '');
  const [isDefault, setIsDefault] = useState(rate?.is_default ?? false);
  const errors = isApiError(save.error) ? (save.error.errors ?? {}) : {};
  const messages = save.error && !Object.keys(errors).length ? errorMessages(save.error, 'Error saving the tax rate. Please try again.') : null;
  return (
    <FormDialog
      title={rate ? 'Edit Tax Rate' : 'Add Tax Rate'}
      submitLabel="Save"
      pending={save.isPending}
      errors={messages}
      onClose={onClose}
      onSubmit={() => save.mutate({ rate, input: { name, rate: value, is_default: isDefault } as unknown as TaxRateInput }, { onSuccess: onClose })}
    >
      <FieldFrame label="Name" required errors={errors.name}>
        {(control) => <input {...control} name="name" value={name} onChange={(event) => setName(event.target.value)} />}
      </FieldFrame>
      <FieldFrame label="Rate (%)" required errors={errors.rate}>
        {(control) => (
          <input {...control} name="rate" type="number" inputMode="decimal" step="0.001" min="0" max="100" value={value} onChange={(event) => setValue(event.target.value)} />
        )}
      </FieldFrame>
      <CheckboxField name="is_default" label="The default rate" checked={isDefault} onChange={setIsDefault} hint={errors.is_default?.[0] ?? 'Taxes every product without a rate of its own'} />
    </FormDialog>
  );
}
