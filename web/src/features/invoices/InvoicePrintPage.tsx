import { useParams } from 'react-router';
import { PrintPage } from '../../shared/print';
import { PageHeader } from '../../shared/ui/Page';
import { invoiceNumber } from './api';
import { InvoiceLoad } from './InvoiceLoad';

/** /invoices/:id/print: the layout choice, the preview and the Print button. */
export function InvoicePrintPage() {
  const { id = '' } = useParams();
  return (
    <InvoiceLoad id={id}>
      {(invoice) => (
        <section>
          <PageHeader title={`Print Invoice #${invoiceNumber(invoice)}`} />
          <PrintPage printable={{ kind: 'invoice', document: invoice }} />
        </section>
      )}
    </InvoiceLoad>
  );
}
