import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routes/lazyPage';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { create: 'create', ':id': 'detail', ':id/edit': 'edit', ':id/print': 'print' } as const;
/** A credit note or a supplier return is made from its document (create) and never edited. */
const unedited = { create: 'create', ':id': 'detail', ':id/print': 'print' } as const;

/** The kinds' paths, as DOCUMENT_LISTS (./lists) and DOCUMENT_PAGES (./pages) name them, with their pages besides the list. */
const PATHS = { quotes: pages, invoices: pages, sales: pages, purchases: pages, 'credit-notes': unedited, 'supplier-returns': unedited };

/** A kind's list loads only what lists need; its other pages load, with the editor and print, when one is opened. */
export const documentRoutes: RouteObject[] = Object.entries(PATHS).map(([path, kindPages]) => {
  const List = lazyPage(() => import('./lists').then((m) => m.DOCUMENT_LISTS[path]));
  const { children = [] } = pageRoutes(path, () => import('./pages').then((m) => m.DOCUMENT_PAGES[path]), kindPages);
  return { path, children: [{ index: true, element: <List /> }, ...children] };
});
