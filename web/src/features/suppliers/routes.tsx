import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'SupplierListPage', create: 'SupplierCreatePage', ':id': 'SupplierDetailPage', ':id/edit': 'SupplierEditPage' } as const;

export const supplierRoutes: RouteObject[] = [pageRoutes('suppliers', () => import('./pages'), pages)];
