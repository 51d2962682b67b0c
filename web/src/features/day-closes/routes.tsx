import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const load = () => import('./pages');

export const dayCloseRoutes: RouteObject[] = [
  pageRoutes('day-close', load, { '': 'DayClosePage' }),
  pageRoutes('day-closes', load, { '': 'DayCloseListPage', ':id': 'DayCloseDetailPage', ':id/print': 'DayClosePrintPage' }),
  pageRoutes('reports/over-short', load, { '': 'OverShortReportPage' }),
];
