import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The kinds' paths, as DOCUMENT_PAGES (./pages) names them; the pages load when one is opened. */
const PATHS = ['invoices', 'sales', 'purchases'];

type PageName = 'list' | 'create' | 'detail' | 'edit' | 'print';

function page(path: string, name: PageName) {
  const Page = lazy(() => import('./pages').then((m) => ({ default: m.DOCUMENT_PAGES[path][name] })));
  return <Page />;
}

export const documentRoutes: RouteObject[] = PATHS.map((path) => ({
  path,
  children: [
    { index: true, element: page(path, 'list') },
    { path: 'create', element: page(path, 'create') },
    { path: ':id', element: page(path, 'detail') },
    { path: ':id/edit', element: page(path, 'edit') },
    { path: ':id/print', element: page(path, 'print') },
  ],
}));
