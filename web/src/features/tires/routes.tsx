import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TireListPage = lazy(() => import('./pages').then((m) => ({ default: m.TireListPage })));
const TireCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.TireCreatePage })));
const TireDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.TireDetailPage })));
const TireEditPage = lazy(() => import('./pages').then((m) => ({ default: m.TireEditPage })));

export const tireRoutes: RouteObject[] = [
  {
    path: 'tires',
    children: [
      { index: true, element: <TireListPage /> },
      { path: 'create', element: <TireCreatePage /> },
      { path: ':id', element: <TireDetailPage /> },
      { path: ':id/edit', element: <TireEditPage /> },
    ],
  },
];
