import type { RouteObject } from 'react-router';
import { NotAvailable } from '../shared/ui/NotAvailable';

const areas: [path: string, title: string][] = [
  ['reports/inventory', 'Inventory Report'],
  ['reports/sales', 'Sales Report'],
  ['reports/purchases', 'Purchases Report'],
  ['reports/customer-balance', 'Customer Balance Report'],
  ['reports/supplier-balance', 'Supplier Balance Report'],
  ['reports/*', 'Reports'],
];

export const unavailableRoutes: RouteObject[] = areas.map(([path, title]) => ({
  path,
  element: <NotAvailable key={title} title={title} />,
}));
