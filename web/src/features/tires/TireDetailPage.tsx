import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { useReactToPrint } from 'react-to-print';
import type { Tire } from '@schemas/tires';
import { useResourceMutations } from '../../shared/api/resource';
import { ActivitySection } from '../../shared/audit/ActivitySection';
import { usePermissions } from '../../shared/auth/permissions';
import { useStockActions } from '../../shared/stock/StockDialogs';
import { saveFile } from '../../shared/ui/download';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { MenuButton } from '../../shared/ui/MenuButton';
import { PageHeader } from '../../shared/ui/Page';
import { ShareButton } from '../../shared/ui/ShareButton';
import { Spinner } from '../../shared/ui/Spinner';
import { Tabs } from '../../shared/ui/Tabs';
import { useConfirmedDelete } from '../../shared/ui/useConfirmedDelete';
import { tireQueries } from './api';
import { tireCsv } from './csv';
import { tireTitle } from './describe';
import { TireLoadFailure } from './TireLoadFailure';
import { TirePrint } from './TirePrint';
import { Analytics, History, Overview, Pricing, Specifications } from './TireTabs';
import './tires.css';

const TABS = [
  { id: 'overview', label: 'Overview', Panel: Overview },
  { id: 'specifications', label: 'Specifications', Panel: Specifications },
  { id: 'pricing', label: 'Pricing & Inventory', Panel: Pricing },
  { id: 'history', label: 'History', Panel: History },
  { id: 'analytics', label: 'Analytics', Panel: Analytics },
];

/** Stock and price changes refresh the tire and the tire lists. */
const REFRESH = [tireQueries.keys.all];

function TireDetail({ tire, onDelete }: { tire: Tire; onDelete: () => void }) {
  const can = usePermissions();
  const [params, setParams] = useSearchParams();
  const stockActions = useStockActions(tire, REFRESH, true);
  const printRef = useRef<HTMLDivElement>(null);
  const print = useReactToPrint({ contentRef: printRef, documentTitle: tireTitle(tire) });
  const tab = params.get('tab') ?? 'overview';

  return (
    <>
      <div className="tire-actions" role="group" aria-label="Tire actions">
        {stockActions.buttons}
        <ShareButton />
        <MenuButton
          label="Export"
          items={[
            { label: 'Download CSV', onSelect: () => saveFile(tireCsv(tire), `tire-${tire.id}.csv`) },
            { label: 'Print', onSelect: () => print() },
          ]}
        />
        <Link to={`/tires/${tire.id}/edit`} className="btn btn-secondary">
          Edit
        </Link>
        {can.deleteRecords && (
          <button type="button" className="btn btn-danger-outline" onClick={onDelete}>
            Delete
          </button>
        )}
      </div>
      <div className="card">
        <Tabs
          label="Tire details"
          active={tab}
          onChange={(id) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true })}
          tabs={TABS.map(({ id, label, Panel }) => ({ id, label, content: <Panel tire={tire} /> }))}
        />
      </div>
      <ActivitySection recordType="product" recordId={tire.id} />
      {stockActions.dialog}
      <TirePrint tire={tire} ref={printRef} />
    </>
  );
}

/** /tires/{id}: the tire in tabs and its activity, with its stock, price, share, export, edit and delete actions. */
export function TireDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const tire = useQuery(tireQueries.detail(id));
  const { remove } = useResourceMutations(tireQueries);
  const deletion = useConfirmedDelete({
    remove,
    title: 'Delete tire',
    confirmMessage: 'Are you sure you want to delete this tire?',
    failureMessage: 'Error deleting tire product. Please try again.',
    onDeleted: () => {
      flash('Tire product deleted successfully!', '/tires');
      navigate('/tires');
    },
  });

  return (
    <section>
      <PageHeader
        title={tire.data ? tireTitle(tire.data) : 'Tire Details'}
        actions={
          <Link to="/tires" className="btn btn-secondary">
            Back to List
          </Link>
        }
      />
      {deletion.error && <ErrorBox messages={[deletion.error]} />}
      {tire.isPending ? (
        <Spinner label="Loading tire..." />
      ) : tire.isError ? (
        <TireLoadFailure error={tire.error} />
      ) : (
        <TireDetail tire={tire.data} onDelete={() => deletion.ask(id)} />
      )}
      {deletion.dialog}
    </section>
  );
}
