import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const serviceRoutes: RouteObject[] = [{ path: 'services/*', element: <NotAvailable title="Services" /> }];
