import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routes/lazyPage';
import { salesReportQuery } from './firstQuery';

const InventoryReportPage = lazyPage(() => import('./InventoryReportPage').then((m) => m.InventoryReportPage));
const SalesReportPage = lazyPage(
  () => import('./SalesReportPage').then((m) => m.SalesReportPage),
  (search, ask) => ask(salesReportQuery({ dateFrom: search.get('dateFrom') ?? '', dateTo: search.get('dateTo') ?? '', group: search.get('group') ?? '', location_id: search.get('location_id') ?? '' })),
);
const PurchasesReportPage = lazyPage(() => import('./PurchasesReportPage').then((m) => m.PurchasesReportPage));
const BalanceReportPage = lazyPage(() => import('./BalanceReportPage').then((m) => m.BalanceReportPage));
const FeesReportPage = lazyPage(() => import('./FeesReportPage').then((m) => m.FeesReportPage));
const StatementPage = lazyPage(() => import('./StatementPage').then((m) => m.StatementPage));

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
