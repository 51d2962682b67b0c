import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const patternRoutes: RouteObject[] = [{ path: 'patterns/*', element: <NotAvailable title="Patterns" /> }];
