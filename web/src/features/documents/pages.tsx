import type { ReactNode } from 'react';
import { DocumentCreatePage } from './DocumentCreatePage';
import { DocumentDetailPage } from './DocumentDetailPage';
import { DocumentEditPage } from './DocumentEditPage';
import { DocumentPrintPage } from './DocumentPrintPage';
import type { DocumentKind, EditableKind, TradingDocument } from './kind';
import { creditNoteKind } from './kinds/creditNote';
import { supplierReturnKind } from './kinds/supplierReturn';
import { ReturnPage } from './ReturnPage';
import { invoiceKind } from './kinds/invoice';
import { purchaseKind } from './kinds/purchase';
import { quoteKind } from './kinds/quote';
import { saleKind } from './kinds/sale';

/** The page and print of one kind, each reading the kind's config (its list is in ./lists). */
function viewPagesOf<D extends TradingDocument, L extends { id: number }>(kind: DocumentKind<D, L>) {
  return {
    detail: () => <DocumentDetailPage kind={kind} />,
    print: () => <DocumentPrintPage kind={kind} />,
  };
}

/** The four pages of an editable kind besides its list. */
function pagesOf<D extends TradingDocument, L extends { id: number }>(kind: EditableKind<D, L>) {
  return {
    ...viewPagesOf(kind),
    create: () => <DocumentCreatePage kind={kind} />,
    edit: () => <DocumentEditPage kind={kind} />,
  };
}

/** Every kind of document, by its path. */
export const DOCUMENT_PAGES: Record<string, Record<string, () => ReactNode>> = {
  [invoiceKind.path]: pagesOf(invoiceKind),
  [saleKind.path]: pagesOf(saleKind),
  [purchaseKind.path]: pagesOf(purchaseKind),
  [quoteKind.path]: pagesOf(quoteKind),
  [creditNoteKind.path]: { ...viewPagesOf(creditNoteKind), create: ReturnPage },
  [supplierReturnKind.path]: { ...viewPagesOf(supplierReturnKind), create: ReturnPage },
};
