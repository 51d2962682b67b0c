import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeeRule, FeeRuleInput } from '@schemas/fees';
import { api, errorMessages, isApiError } from '../../shared/api/client';
import { feeRuleKeys, feeRulesQuery } from '../../shared/api/feeRules';
import { PRODUCT_TYPE_LABELS, productPickerQuery, type ProductEntry } from '../../shared/api/products';
import { taxRatesQuery } from '../../shared/api/taxRates';
import { FieldFrame } from '../../shared/forms/FieldFrame';
import { TaxClassField } from '../../shared/forms/TaxClassField';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { FormDialog } from '../../shared/ui/FormDialog';
import { formatMoney } from '../../shared/ui/money';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { SearchCombobox } from '../../shared/forms/SearchCombobox';

const APPLIES_TO: Record<FeeRule['applies_to'], string> = { tire: 'Every tire', battery: 'Every battery', wiper: 'Every wiper', marked: 'Marked products' };

/** The fees the counter adds under what they follow: a disposal fee per tire, a core charge per battery. */
export function FeeRules({ canChange }: { canChange: boolean }) {
  const rules = useQuery(feeRulesQuery);
  const rates = useQuery(taxRatesQuery);
  const [editing, setEditing] = useState<{ rule: FeeRule | null } | null>(null);
  const taxOf = (rule: FeeRule) =>
    rule.tax_exempt ? 'Exempt' : rule.tax_rate_id ? (rates.data?.find((rate) => rate.id === rule.tax_rate_id)?.name ?? 'Own rate') : 'Default rate';
  return (
    <div className="card settings-card" aria-labelledby="fee-rules-title">
      <h2 id="fee-rules-title" className="form-title">
        Fees
      </h2>
      <p className="settings-hint">
        Added under each product they apply to on quotes, invoices and sales, with its quantity. Staff may take a fee off a line with a reason. A refundable fee is a core charge: it is credited when the old part comes back.
      </p>
      {rules.isPending ? (
        <Spinner label="Loading fees..." />
      ) : rules.isError ? (
        <ErrorBox messages={[`Error loading fees: ${rules.error.message}`]} />
      ) : rules.data.length === 0 ? (
        <p className="empty">No fees yet.</p>
      ) : (
        <DataTable
          caption="Fees"
          plain
          columns={[
            { header: 'Name', cell: (rule) => rule.name },
            { header: 'Amount', cell: (rule) => formatMoney(rule.amount), numeric: true },
            { header: 'Applies To', cell: (rule) => (rule.applies_to === 'marked' ? `${rule.product_ids.length} marked products` : APPLIES_TO[rule.applies_to]) },
            { header: 'Tax', cell: taxOf },
            { header: 'Kind', cell: (rule) => (rule.refundable ? 'Core charge' : 'Fee') },
            { header: 'Active', cell: (rule) => (rule.active ? 'Yes' : 'No') },
          ]}
          rows={rules.data}
          rowKey={(rule) => rule.id}
          rowLabel={(rule) => rule.name}
          actions={
            canChange
              ? (rule) => (
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing({ rule })}>
                    Edit
                  </button>
                )
              : undefined
          }
        />
      )}
      {canChange && (
        <button type="button" className="btn btn-secondary" onClick={() => setEditing({ rule: null })}>
          Add Fee
        </button>
      )}
      {editing && <FeeRuleDialog rule={editing.rule} onClose={() => setEditing(null)} />}
    </div>
  );
}

function FeeRuleDialog({ rule, onClose }: { rule: FeeRule | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({
    name: rule?.name ?? '',
    amount: rule ? rule.amount.toFixed(2) : '',
    applies_to: rule?.applies_to ?? 'tire',
    tax_rate_id: rule?.tax_rate_id ? String(rule.tax_rate_id) : '',
    tax_exempt: rule?.tax_exempt ? '1' : '0',
    refundable: rule?.refundable ? '1' : '0',
    active: rule && !rule.active ? '0' : '1',
  });
  const [marked, setMarked] = useState<{ id: number; name: string }[]>(rule?.products ?? []);
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const save = useMutation({
    mutationFn: (input: FeeRuleInput) => (rule ? api.put<FeeRule>(`/fee-rules/${rule.id}`, input, { version: rule.version }) : api.post<FeeRule>('/fee-rules', input)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feeRuleKeys.all });
      onClose();
    },
  });
  const errors = isApiError(save.error) ? (save.error.errors ?? {}) : {};
  const messages = save.error && !Object.keys(errors).length ? errorMessages(save.error, 'Error saving the fee. Please try again.') : null;
  const submit = () =>
    save.mutate({
      name: values.name,
      amount: values.amount,
      applies_to: values.applies_to,
      tax_rate_id: values.tax_rate_id || null,
      tax_exempt: values.tax_exempt === '1',
      refundable: values.refundable === '1',
      active: values.active === '1',
      product_ids: values.applies_to === 'marked' ? marked.map((product) => product.id) : [],
    } as unknown as FeeRuleInput);
  return (
    <FormDialog title={rule ? 'Edit Fee' : 'Add Fee'} submitLabel="Save" pending={save.isPending} errors={messages} onClose={onClose} onSubmit={submit}>
      <FieldFrame label="Name" required errors={errors.name}>
        {(control) => <input {...control} name="name" value={values.name} onChange={(event) => set('name', event.target.value)} />}
      </FieldFrame>
      <FieldFrame label="Amount" required errors={errors.amount}>
        {(control) => (
          <input {...control} name="amount" type="number" inputMode="decimal" step="0.01" min="0" value={values.amount} onChange={(event) => set('amount', event.target.value)} />
        )}
      </FieldFrame>
      <SelectField
        name="applies_to"
        label="Applies To"
        value={values.applies_to}
        options={Object.entries(APPLIES_TO).map(([value, label]) => ({ value, label }))}
        onChange={(value) => set('applies_to', value)}
        errors={errors.applies_to}
      />
      {values.applies_to === 'marked' && (
        <div className="fee-marked">
          <SearchCombobox
            label="Mark a Product"
            value={null as ProductEntry | null}
            actsOnChoice
            onChange={(product) => product && !marked.some((other) => other.id === product.id) && setMarked([...marked, { id: product.id, name: product.name }])}
            query={(search) => productPickerQuery('', search, '')}
            optionsOf={(page) => page.data}
            optionKey={(product) => product.id}
            optionText={(product) => `${product.name} (${PRODUCT_TYPE_LABELS[product.type]})`}
            placeholder="Search products"
            errors={errors.product_ids}
          />
          <ul className="fee-marked-list" aria-label="Marked products">
            {marked.map((product) => (
              <li key={product.id}>
                {product.name}
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => setMarked(marked.filter((other) => other.id !== product.id))} aria-label={`Unmark ${product.name}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <TaxClassField values={values} setField={set} errors={errors.tax_rate_id} />
      <CheckboxField name="refundable" label="Core charge" hint="Credited back when the old part comes back" checked={values.refundable === '1'} onChange={(on) => set('refundable', on ? '1' : '0')} />
      <CheckboxField name="active" label="Active" hint="Only active fees are added to new lines" checked={values.active === '1'} onChange={(on) => set('active', on ? '1' : '0')} />
    </FormDialog>
  );
}
