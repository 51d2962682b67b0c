import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PurchaseListPage = lazy(() => import('./pages').then((m) => ({ default: m.PurchaseListPage })));
const PurchaseCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.PurchaseCreatePage })));
const PurchaseDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.PurchaseDetailPage })));
const PurchaseEditPage = lazy(() => import('./pages').then((m) => ({ default: m.PurchaseEditPage })));
const PurchasePrintPage = lazy(() => import('./pages').then((m) => ({ default: m.PurchasePrintPage })));

export const purchaseRoutes: RouteObject[] = [
  {
    path: 'purchases',
    children: [
      { index: true, element: <PurchaseListPage /> },
      { path: 'create', element: <PurchaseCreatePage /> },
      { path: ':id', element: <PurchaseDetailPage /> },
      { path: ':id/edit', element: <PurchaseEditPage /> },
      { path: ':id/print', element: <PurchasePrintPage /> },
    ],
  },
];
