import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'list', create: 'create', ':id': 'detail', ':id/edit': 'edit', ':id/print': 'print' } as const;
/** A credit note or a supplier return is made from its document (create) and never edited. */
const unedited = { '': 'list', create: 'create', ':id': 'detail', ':id/print': 'print' } as const;

/** The kinds' paths, as DOCUMENT_PAGES (./pages) names them, with their pages; a kind's pages load when one is opened. */
const PATHS = { quotes: pages, invoices: pages, sales: pages, purchases: pages, 'credit-notes': unedited, 'supplier-returns': unedited };

export const documentRoutes: RouteObject[] = Object.entries(PATHS).map(([path, kindPages]) =>
  pageRoutes(path, () => import('./pages').then((m) => m.DOCUMENT_PAGES[path]), kindPages),
);
