import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SupplierListPage = lazy(() => import('./pages').then((m) => ({ default: m.SupplierListPage })));
const SupplierCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.SupplierCreatePage })));
const SupplierDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.SupplierDetailPage })));
const SupplierEditPage = lazy(() => import('./pages').then((m) => ({ default: m.SupplierEditPage })));

export const supplierRoutes: RouteObject[] = [
  {
    path: 'suppliers',
    children: [
      { index: true, element: <SupplierListPage /> },
      { path: 'create', element: <SupplierCreatePage /> },
      { path: ':id', element: <SupplierDetailPage /> },
      { path: ':id/edit', element: <SupplierEditPage /> },
    ],
  },
];
