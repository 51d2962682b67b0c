import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const load = () => import('./pages');

export const stockCountRoutes: RouteObject[] = [
  pageRoutes('stock-counts', load, {
    '': 'StockCountListPage',
    new: 'StartCountPage',
    ':id': 'CountPage',
    ':id/review': 'CountReviewPage',
    ':id/sheet': 'CountSheetPage',
  }),
];
