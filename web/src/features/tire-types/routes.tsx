import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const tireTypeRoutes: RouteObject[] = [{ path: 'tire-types/*', element: <NotAvailable title="Tire Types" /> }];
