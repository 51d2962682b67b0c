import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const tireBrandRoutes: RouteObject[] = [{ path: 'tire-brands/*', element: <NotAvailable title="Tire Brands" /> }];
