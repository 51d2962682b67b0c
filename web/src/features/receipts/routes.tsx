import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ReceiptListPage = lazy(() => import('./ReceiptListPage').then((m) => ({ default: m.ReceiptListPage })));
const ReceiptCreatePage = lazy(() => import('./ReceiptCreatePage').then((m) => ({ default: m.ReceiptCreatePage })));
const ReceiptDetailPage = lazy(() => import('./ReceiptDetailPage').then((m) => ({ default: m.ReceiptDetailPage })));
const ReceiptPrintPage = lazy(() => import('./ReceiptPrintPage').then((m) => ({ default: m.ReceiptPrintPage })));

export const receiptRoutes: RouteObject[] = [
  {
    path: 'receipts',
    children: [
      { index: true, element: <ReceiptListPage /> },
      { path: 'create', element: <ReceiptCreatePage /> },
      { path: ':id', element: <ReceiptDetailPage /> },
      { path: ':id/print', element: <ReceiptPrintPage /> },
    ],
  },
];
