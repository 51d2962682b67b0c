import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'CustomerListPage', create: 'CustomerCreatePage', ':id': 'CustomerDetailPage', ':id/edit': 'CustomerEditPage' } as const;

export const customerRoutes: RouteObject[] = [pageRoutes('customers', () => import('./pages'), pages)];
