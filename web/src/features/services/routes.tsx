import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ServiceListPage = lazy(() => import('./pages').then((m) => ({ default: m.ServiceListPage })));
const ServiceCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.ServiceCreatePage })));
const ServiceEditPage = lazy(() => import('./pages').then((m) => ({ default: m.ServiceEditPage })));

export const serviceRoutes: RouteObject[] = [
  {
    path: 'services',
    children: [
      { index: true, element: <ServiceListPage /> },
      { path: 'create', element: <ServiceCreatePage /> },
      { path: ':id/edit', element: <ServiceEditPage /> },
    ],
  },
];
