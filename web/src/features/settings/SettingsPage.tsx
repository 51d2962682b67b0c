import { useQuery } from '@tanstack/react-query';
import { settingsInput, type Settings } from '@schemas/documents';
import { isApiError } from '../../shared/api/client';
import { settingsQuery } from '../../shared/api/settings';
import { usePermissions } from '../../shared/auth/permissions';
import { Field } from '../../shared/forms/Field';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { toFormValues } from '../../shared/forms/useSchemaForm';
import { DetailList } from '../../shared/ui/DetailList';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { useSaveSettings } from './api';
import { TaxRates } from './TaxRates';
import './settings.css';

type SettingsField = keyof Settings;

const GROUPS: { title: string; fields: { name: SettingsField; label: string; required?: boolean; wide?: boolean }[] }[] = [
  {
    title: 'Shop',
    fields: [
      { name: 'shop_name', label: 'Shop Name', required: true },
      { name: 'tax_number', label: 'Tax Number' },
      { name: 'address', label: 'Address', wide: true },
      { name: 'phone', label: 'Phone' },
      { name: 'email', label: 'Email' },
    ],
  },
  {
    title: 'Invoicing',
    fields: [
      { name: 'payment_terms_days', label: 'Payment Terms (days)', required: true },
      { name: 'quote_valid_days', label: 'Quotes Valid For (days)', required: true },
    ],
  },
  {
    title: 'Document numbers',
    fields: [
      { name: 'invoice_prefix', label: 'Invoice Prefix', required: true },
      { name: 'sale_prefix', label: 'Sale Prefix', required: true },
      { name: 'receipt_prefix', label: 'Receipt Prefix', required: true },
      { name: 'purchase_prefix', label: 'Purchase Prefix', required: true },
      { name: 'quote_prefix', label: 'Quote Prefix', required: true },
      { name: 'credit_note_prefix', label: 'Credit Note Prefix', required: true },
      { name: 'supplier_return_prefix', label: 'Supplier Return Prefix', required: true },
    ],
  },
  {
    title: 'Printing',
    fields: [{ name: 'print_footer', label: 'Print Footer', wide: true }],
  },
];

const FIELD_NAMES = GROUPS.flatMap((group) => group.fields.map((field) => field.name));
const MULTILINE: SettingsField[] = ['address', 'print_footer'];
const NUMBER_INPUTS: Partial<Record<SettingsField, { step: string; min: string; max: string }>> = {
  payment_terms_days: { step: '1', min: '0', max: '365' },
  quote_valid_days: { step: '1', min: '1', max: '365' },
};

export function SettingsPage() {
  const can = usePermissions();
  const settings = useQuery(settingsQuery);

  return (
    <section>
      <PageHeader title="Settings" />
      <p className="settings-intro">The shop profile printed on invoices, sales and receipts, the tax rates, payment terms and how long quotes hold, and the prefixes of new document numbers.</p>
      {settings.isPending ? (
        <Spinner label="Loading settings..." />
      ) : settings.isError ? (
        <ErrorBox messages={[`Error loading settings: ${settings.error.message}`]} />
      ) : can.changeSettings ? (
        <>
          <OpenedSettings settings={settings.data} />
          <TaxRates canChange />
        </>
      ) : (
        <>
          <SettingsReadOnly settings={settings.data} />
          <TaxRates canChange={false} />
        </>
      )}
    </section>
  );
}

/** The settings as the form opened them: a save is refused (412) if someone changed them since. */
function OpenedSettings({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { opened, formKey, keep, onReload } = useOpenedRecord(settings, settingsQuery, save);
  return <SettingsForm key={formKey} settings={opened} save={save} onSaved={keep} onReload={onReload} />;
}

interface SettingsFormProps {
  settings: Settings;
  save: ReturnType<typeof useSaveSettings>;
  onSaved: (settings: Settings) => void;
  onReload?: () => void;
}

function SettingsForm({ settings, save, onSaved, onReload }: SettingsFormProps) {
  const flash = useFlash();
  const form = useFormState(settingsInput, toFormValues(FIELD_NAMES, settings), {
    error: save.error,
    failureMessage: isApiError(save.error, 403) && save.error.message ? save.error.message : 'Error saving settings. Please try again.',
    onSubmit: (input) =>
      save.mutate(
        { input, version: settings.version },
        {
          onSuccess: (saved) => {
            flash('Settings saved.');
            onSaved(saved);
          },
        },
      ),
  });

  return (
    <FormCard onSubmit={form.submit} messages={form.messages} submitLabel="Save Settings" pending={save.isPending} onReload={onReload}>
      {GROUPS.map((group) => [
        <h3 key={group.title} className="settings-group">
          {group.title}
        </h3>,
        ...group.fields.map((field) => (
          <Field
            key={field.name}
            {...form.bind(field.name)}
            label={field.label}
            required={field.required}
            wide={field.wide}
            multiline={MULTILINE.includes(field.name)}
            type={field.name === 'email' ? 'email' : NUMBER_INPUTS[field.name] ? 'number' : field.name === 'phone' ? 'tel' : 'text'}
            inputProps={NUMBER_INPUTS[field.name]}
          />
        )),
      ])}
      <p className="settings-hint field-wide">New prefixes apply to documents numbered from now on; issued documents keep their numbers.</p>
    </FormCard>
  );
}

function SettingsReadOnly({ settings }: { settings: Settings }) {
  const shown = (name: SettingsField) => {
    const value = settings[name];
    if (name === 'payment_terms_days' || name === 'quote_valid_days') return `${value} days`;
    return value === null ? '' : String(value);
  };
  return (
    <>
      <p className="card settings-readonly-note" role="note">
        Only an administrator can change the settings.
      </p>
      {GROUPS.map((group) => (
        <div key={group.title} className="card settings-card">
          <h2 className="form-title">{group.title}</h2>
          <DetailList items={group.fields.map((field) => ({ label: field.label, value: <span className="settings-value">{shown(field.name)}</span> }))} />
        </div>
      ))}
    </>
  );
}
