import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'TireListPage', create: 'TireCreatePage', ':id': 'TireDetailPage', ':id/edit': 'TireEditPage' } as const;

export const tireRoutes: RouteObject[] = [pageRoutes('tires', () => import('./pages'), pages)];
