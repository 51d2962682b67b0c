import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const locationRoutes: RouteObject[] = [{ path: 'locations/*', element: <NotAvailable title="Locations" /> }];
