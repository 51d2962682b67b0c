import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SaleListPage = lazy(() => import('./pages').then((m) => ({ default: m.SaleListPage })));
const SaleCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.SaleCreatePage })));
const SaleDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.SaleDetailPage })));
const SaleEditPage = lazy(() => import('./pages').then((m) => ({ default: m.SaleEditPage })));
const SalePrintPage = lazy(() => import('./pages').then((m) => ({ default: m.SalePrintPage })));

export const saleRoutes: RouteObject[] = [
  {
    path: 'sales',
    children: [
      { index: true, element: <SaleListPage /> },
      { path: 'create', element: <SaleCreatePage /> },
      { path: ':id', element: <SaleDetailPage /> },
      { path: ':id/edit', element: <SaleEditPage /> },
      { path: ':id/print', element: <SalePrintPage /> },
    ],
  },
];
