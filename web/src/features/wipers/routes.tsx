import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WiperListPage = lazy(() => import('./pages').then((m) => ({ default: m.WiperListPage })));
const WiperCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.WiperCreatePage })));
const WiperEditPage = lazy(() => import('./pages').then((m) => ({ default: m.WiperEditPage })));

export const wiperRoutes: RouteObject[] = [
  {
    path: 'wiper-products',
    children: [
      { index: true, element: <WiperListPage /> },
      { path: 'create', element: <WiperCreatePage /> },
      { path: ':id', element: <WiperEditPage /> },
      { path: ':id/edit', element: <WiperEditPage /> },
    ],
  },
];
