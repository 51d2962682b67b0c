import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const load = () => import('./pages');

export const dayCloseRoutes: RouteObject[] = [
  pageRoutes('day-close', load, { '': 'DayClosePage' }),
  pageRoutes('day-closes', load, { '': 'DayCloseListPage', 'over-short': 'OverShortReportPage', ':id': 'DayCloseDetailPage', ':id/print': 'DayClosePrintPage' }),
];
