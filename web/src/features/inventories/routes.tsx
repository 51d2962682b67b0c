import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'InventoryListPage', create: 'InventoryCreatePage', ':id/edit': 'InventoryEditPage' } as const;

export const inventoryRoutes: RouteObject[] = [pageRoutes('inventories', () => import('./pages'), pages)];
