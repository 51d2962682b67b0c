import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const wiperRoutes: RouteObject[] = [{ path: 'wiper-products/*', element: <NotAvailable title="Wipers" /> }];
