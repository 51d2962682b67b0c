import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routes/lazyPage';
import { dashboardQuery } from './api';

const DashboardPage = lazyPage(
  () => import('./DashboardPage').then((m) => m.default),
  (search, ask) => ask(dashboardQuery(search.get('location_id') ?? '')),
);

export const dashboardRoutes: RouteObject[] = [{ index: true, element: <DashboardPage /> }];
