import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const InventoryListPage = lazy(() => import('./pages').then((m) => ({ default: m.InventoryListPage })));
const InventoryCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.InventoryCreatePage })));
const InventoryEditPage = lazy(() => import('./pages').then((m) => ({ default: m.InventoryEditPage })));

export const inventoryRoutes: RouteObject[] = [
  {
    path: 'inventories',
    children: [
      { index: true, element: <InventoryListPage /> },
      { path: 'create', element: <InventoryCreatePage /> },
      { path: ':id/edit', element: <InventoryEditPage /> },
    ],
  },
];
