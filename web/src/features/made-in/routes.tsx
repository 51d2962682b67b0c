import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const madeInRoutes: RouteObject[] = [{ path: 'made-in/*', element: <NotAvailable title="Made In" /> }];
