import { PrintPage } from '../../shared/print';
import { PageHeader } from '../../shared/ui/Page';
import { DocumentLoad } from './DocumentLoad';
import { numberOf, type DocumentKind, type TradingDocument } from './kind';

/** /invoices/:id/print: the layout choice, the preview and the Print button. */
export function DocumentPrintPage<D extends TradingDocument, L extends { id: number }>({ kind }: { kind: DocumentKind<D, L> }) {
  return (
    <DocumentLoad kind={kind}>
      {(document) => (
        <section>
          <PageHeader title={`Print ${kind.name} #${numberOf(document)}`} />
          <PrintPage printable={kind.printable(document)} layouts={kind.printLayouts} />
        </section>
      )}
    </DocumentLoad>
  );
}
