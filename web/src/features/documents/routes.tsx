import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

/** The kinds' paths, as DOCUMENT_PAGES (./pages) names them; a kind's pages load when one is opened. */
const PATHS = ['quotes', 'invoices', 'sales', 'purchases'];

const pages = { '': 'list', create: 'create', ':id': 'detail', ':id/edit': 'edit', ':id/print': 'print' } as const;

export const documentRoutes: RouteObject[] = PATHS.map((path) => pageRoutes(path, () => import('./pages').then((m) => m.DOCUMENT_PAGES[path]), pages));
