import type { RouteObject } from 'react-router';
import { readUser } from '../../shared/auth/session';
import { branchFilterDefault } from '../../shared/branches/BranchSelect';
import { pageOf } from '../../shared/hooks/address';
import { lazyPage } from '../../shared/routes/lazyPage';
import { pageRoutes } from '../../shared/routes/pageRoutes';
import { documentQueries, listParams } from './api';

const pages = { create: 'create', ':id': 'detail', ':id/edit': 'edit', ':id/print': 'print' } as const;
/** A credit note or a supplier return is made from its document (create) and never edited. */
const unedited = { create: 'create', ':id': 'detail', ':id/print': 'print' } as const;

/** The kinds' paths, as DOCUMENT_LISTS (./lists) and DOCUMENT_PAGES (./pages) name them, with their pages besides the list. */
const PATHS = { quotes: pages, invoices: pages, sales: pages, purchases: pages, 'credit-notes': unedited, 'supplier-returns': unedited };

/** A kind's list loads only what lists need; its other pages load, with the editor and print, when one is opened. */
export const documentRoutes: RouteObject[] = Object.entries(PATHS).map(([path, kindPages]) => {
  const queries = documentQueries(path);
  // The page of the list the address shows, asked for with the list's code: its filters are the address's, its branch the user's default.
  const List = lazyPage(
    () => import('./lists').then((m) => m.DOCUMENT_LISTS[path]),
    (search, ask) => {
      const applied: Record<string, string> = { location_id: branchFilterDefault(readUser()) };
      for (const [name, value] of search) if (name !== 'page') applied[name] = value;
      ask(queries.list(listParams(applied), pageOf(search)));
    },
  );
  const { children = [] } = pageRoutes(path, () => import('./pages').then((m) => m.DOCUMENT_PAGES[path]), kindPages);
  return { path, children: [{ index: true, element: <List /> }, ...children] };
});
