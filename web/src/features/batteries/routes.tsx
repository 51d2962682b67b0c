import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const batteryRoutes: RouteObject[] = [{ path: 'batteries/*', element: <NotAvailable title="Batteries" /> }];
