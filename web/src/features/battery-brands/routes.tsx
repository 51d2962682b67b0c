import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const batteryBrandRoutes: RouteObject[] = [{ path: 'battery-brands/*', element: <NotAvailable title="Battery Brands" /> }];
