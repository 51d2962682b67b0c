import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routes/pageRoutes';

const DashboardPage = lazyPage(() => import('./DashboardPage').then((m) => m.default));

export const dashboardRoutes: RouteObject[] = [{ index: true, element: <DashboardPage /> }];
