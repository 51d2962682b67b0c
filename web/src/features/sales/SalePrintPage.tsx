import { useParams } from 'react-router';
import { PrintPage } from '../../shared/print';
import { PageHeader } from '../../shared/ui/Page';
import { SaleLoad } from './SaleLoad';

/** /sales/:id/print: the layout choice, the preview and the Print button. */
export function SalePrintPage() {
  const { id = '' } = useParams();
  return (
    <SaleLoad id={id}>
      {(sale) => (
        <section>
          <PageHeader title={`Print Sale #${sale.number}`} />
          <PrintPage printable={{ kind: 'sale', document: sale }} />
        </section>
      )}
    </SaleLoad>
  );
}
