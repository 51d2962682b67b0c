import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const InvoiceListPage = lazy(() => import('./pages').then((m) => ({ default: m.InvoiceListPage })));
const InvoiceCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.InvoiceCreatePage })));
const InvoiceDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.InvoiceDetailPage })));
const InvoiceEditPage = lazy(() => import('./pages').then((m) => ({ default: m.InvoiceEditPage })));
const InvoicePrintPage = lazy(() => import('./pages').then((m) => ({ default: m.InvoicePrintPage })));

export const invoiceRoutes: RouteObject[] = [
  {
    path: 'invoices',
    children: [
      { index: true, element: <InvoiceListPage /> },
      { path: 'create', element: <InvoiceCreatePage /> },
      { path: ':id', element: <InvoiceDetailPage /> },
      { path: ':id/edit', element: <InvoiceEditPage /> },
      { path: ':id/print', element: <InvoicePrintPage /> },
    ],
  },
];
