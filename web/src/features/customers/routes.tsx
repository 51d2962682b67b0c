import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CustomerListPage = lazy(() => import('./pages').then((m) => ({ default: m.CustomerListPage })));
const CustomerCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.CustomerCreatePage })));
const CustomerDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.CustomerDetailPage })));
const CustomerEditPage = lazy(() => import('./pages').then((m) => ({ default: m.CustomerEditPage })));

export const customerRoutes: RouteObject[] = [
  {
    path: 'customers',
    children: [
      { index: true, element: <CustomerListPage /> },
      { path: 'create', element: <CustomerCreatePage /> },
      { path: ':id', element: <CustomerDetailPage /> },
      { path: ':id/edit', element: <CustomerEditPage /> },
    ],
  },
];
