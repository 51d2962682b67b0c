import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const inventoryRoutes: RouteObject[] = [{ path: 'inventories/*', element: <NotAvailable title="Inventory Overview" /> }];
