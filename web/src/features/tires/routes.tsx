import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const tireRoutes: RouteObject[] = [{ path: 'tires/*', element: <NotAvailable title="Tires" /> }];
