import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'ServiceListPage', create: 'ServiceCreatePage', ':id/edit': 'ServiceEditPage' } as const;

export const serviceRoutes: RouteObject[] = [pageRoutes('services', () => import('./pages'), pages)];
