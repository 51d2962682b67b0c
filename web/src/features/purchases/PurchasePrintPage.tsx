import { useParams } from 'react-router';
import { PrintPage } from '../../shared/print';
import { PageHeader } from '../../shared/ui/Page';
import { PurchaseLoad } from './PurchaseLoad';

/** /purchases/:id/print: the order on A4 as it goes to the supplier, with the preview and the Print button. */
export function PurchasePrintPage() {
  const { id = '' } = useParams();
  return (
    <PurchaseLoad id={id}>
      {(purchase) => (
        <section>
          <PageHeader title={`Print Purchase Order #${purchase.number}`} />
          <PrintPage printable={{ kind: 'purchase', document: purchase }} layouts={['a4']} />
        </section>
      )}
    </PurchaseLoad>
  );
}
