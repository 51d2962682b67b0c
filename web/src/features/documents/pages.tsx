import { DocumentCreatePage } from './DocumentCreatePage';
import { DocumentDetailPage } from './DocumentDetailPage';
import { DocumentEditPage } from './DocumentEditPage';
import { DocumentListPage } from './DocumentListPage';
import { DocumentPrintPage } from './DocumentPrintPage';
import type { DocumentKind, TradingDocument } from './kind';
import { invoiceKind } from './kinds/invoice';
import { purchaseKind } from './kinds/purchase';
import { quoteKind } from './kinds/quote';
import { saleKind } from './kinds/sale';

/** The five pages of one kind, each reading the kind's config. */
function pagesOf<D extends TradingDocument, L extends { id: number }>(kind: DocumentKind<D, L>) {
  return {
    list: () => <DocumentListPage kind={kind} />,
    create: () => <DocumentCreatePage kind={kind} />,
    detail: () => <DocumentDetailPage kind={kind} />,
    edit: () => <DocumentEditPage kind={kind} />,
    print: () => <DocumentPrintPage kind={kind} />,
  };
}

/** Every kind of trading document, by its path. */
export const DOCUMENT_PAGES = {
  [invoiceKind.path]: pagesOf(invoiceKind),
  [saleKind.path]: pagesOf(saleKind),
  [purchaseKind.path]: pagesOf(purchaseKind),
  [quoteKind.path]: pagesOf(quoteKind),
};
