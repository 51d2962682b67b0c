import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const load = () => import('./pages');

export const reorderRoutes: RouteObject[] = [pageRoutes('reorder', load, { '': 'ReorderPage' })];
