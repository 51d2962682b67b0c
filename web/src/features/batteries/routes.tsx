import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const BatteryListPage = lazy(() => import('./pages').then((m) => ({ default: m.BatteryListPage })));
const BatteryCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.BatteryCreatePage })));
const BatteryDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.BatteryDetailPage })));
const BatteryEditPage = lazy(() => import('./pages').then((m) => ({ default: m.BatteryEditPage })));

export const batteryRoutes: RouteObject[] = [
  {
    path: 'batteries',
    children: [
      { index: true, element: <BatteryListPage /> },
      { path: 'create', element: <BatteryCreatePage /> },
      { path: ':id', element: <BatteryDetailPage /> },
      { path: ':id/edit', element: <BatteryEditPage /> },
    ],
  },
];
