import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../shared/ui/NotAvailable';

export const tagRoutes: RouteObject[] = [{ path: 'tags/*', element: <NotAvailable title="Tags" /> }];
