import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const load = () => import('./pages');

export const transferRoutes: RouteObject[] = [
  pageRoutes('transfers', load, { '': 'TransferListPage', new: 'TransferCreatePage', ':id': 'TransferDetailPage', ':id/edit': 'TransferEditPage', ':id/print': 'TransferPrintPage' }),
];
