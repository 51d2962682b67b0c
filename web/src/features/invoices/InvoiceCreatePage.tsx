import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { settingsQuery } from '../../shared/api/settings';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { InvoiceForm } from './InvoiceForm';

/** /invoices/create: a new draft invoice; back to the list once saved. */
export function InvoiceCreatePage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  return (
    <section>
      <PageHeader title="Create Invoice" />
      {settings.isPending ? (
        <Spinner label="Loading…" />
      ) : (
        <InvoiceForm
          settings={settings.data}
          onSaved={() => {
            flash('Invoice created successfully!', '/invoices');
            navigate('/invoices');
          }}
        />
      )}
    </section>
  );
}
