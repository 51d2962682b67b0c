import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { settingsQuery } from '../../shared/api/settings';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { SaleForm } from './SaleForm';

/** /sales/create: a counter sale, posted and paid in one step, or a pending one; then its page. */
export function SaleCreatePage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  return (
    <section>
      <PageHeader title="New Sale" />
      {settings.isPending ? (
        <Spinner label="Loading…" />
      ) : (
        <SaleForm
          settings={settings.data}
          onSaved={(sale) => {
            flash('Sale created successfully!', `/sales/${sale.id}`);
            navigate(`/sales/${sale.id}`);
          }}
        />
      )}
    </section>
  );
}
