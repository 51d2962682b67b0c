import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const InventoryReportPage = lazy(() => import('./InventoryReportPage').then((m) => ({ default: m.InventoryReportPage })));
const SalesReportPage = lazy(() => import('./SalesReportPage').then((m) => ({ default: m.SalesReportPage })));
const PurchasesReportPage = lazy(() => import('./PurchasesReportPage').then((m) => ({ default: m.PurchasesReportPage })));
const BalanceReportPage = lazy(() => import('./BalanceReportPage').then((m) => ({ default: m.BalanceReportPage })));
const FeesReportPage = lazy(() => import('./FeesReportPage').then((m) => ({ default: m.FeesReportPage })));
const StatementPage = lazy(() => import('./StatementPage').then((m) => ({ default: m.StatementPage })));

export const reportRoutes: RouteObject[] = [
  {
    path: 'reports',
    children: [
      { index: true, element: <Navigate to="/reports/inventory" replace /> },
      { path: 'inventory', element: <InventoryReportPage /> },
      { path: 'sales', element: <SalesReportPage /> },
      { path: 'purchases', element: <PurchasesReportPage /> },
      { path: 'fees', element: <FeesReportPage /> },
      { path: 'customer-balance', element: <BalanceReportPage key="customer" side="customer" /> },
      { path: 'customer-balance/:id', element: <StatementPage key="customer" side="customer" /> },
      { path: 'supplier-balance', element: <BalanceReportPage key="supplier" side="supplier" /> },
      { path: 'supplier-balance/:id', element: <StatementPage key="supplier" side="supplier" /> },
    ],
  },
];
