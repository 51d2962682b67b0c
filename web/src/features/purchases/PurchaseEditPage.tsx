import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { Purchase } from '@schemas/documents';
import { settingsQuery } from '../../shared/api/settings';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { canEdit, hasReceived, purchaseQueries } from './api';
import { PurchaseForm } from './PurchaseForm';
import { PurchaseLoad } from './PurchaseLoad';

/** The order as the form opened it: a save is refused (412) if it changed since (goods received, a payment, another edit). */
function EditPurchase({ purchase: live }: { purchase: Purchase }) {
  const { opened: purchase, formKey, reload } = useOpenedRecord(live, purchaseQueries.detail(live.id));
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const detailPath = `/purchases/${purchase.id}`;

  if (!canEdit(purchase)) {
    return (
      <div className="card notice">
        <p>This purchase order is {purchase.status} and cannot be edited.</p>
        <Link to={detailPath} className="btn btn-secondary">
          Back to Purchase Order
        </Link>
      </div>
    );
  }
  if (settings.isPending) return <Spinner label="Loading…" />;
  return (
    <>
      {hasReceived(purchase) && (
        <p className="card notice doc-edit-note">
          Some goods of this order have been received: their lines stay, and no quantity can go below what has come in.
        </p>
      )}
      <PurchaseForm
        key={formKey}
        purchase={purchase}
        onReload={() => void reload()}
        settings={settings.data}
        onSaved={() => {
          flash('Purchase order updated successfully!', detailPath);
          navigate(detailPath);
        }}
      />
    </>
  );
}

/** /purchases/:id/edit: a pending or ordered order in full (received lines kept); received or cancelled ones not at all. */
export function PurchaseEditPage() {
  const { id = '' } = useParams();
  return (
    <section>
      <PurchaseLoad id={id}>
        {(purchase) => (
          <>
            <PageHeader title={`Edit Purchase Order #${purchase.number}`} />
            <EditPurchase purchase={purchase} />
          </>
        )}
      </PurchaseLoad>
    </section>
  );
}
