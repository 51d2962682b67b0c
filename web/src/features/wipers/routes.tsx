import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'WiperListPage', create: 'WiperCreatePage', ':id': 'WiperEditPage', ':id/edit': 'WiperEditPage' } as const;

export const wiperRoutes: RouteObject[] = [pageRoutes('wiper-products', () => import('./pages'), pages)];
