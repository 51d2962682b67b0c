import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'ReceiptListPage', create: 'ReceiptCreatePage', ':id': 'ReceiptDetailPage', ':id/print': 'ReceiptPrintPage' } as const;

export const receiptRoutes: RouteObject[] = [pageRoutes('receipts', () => import('./pages'), pages)];
