import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'BatteryListPage', create: 'BatteryCreatePage', ':id': 'BatteryDetailPage', ':id/edit': 'BatteryEditPage' } as const;

export const batteryRoutes: RouteObject[] = [pageRoutes('batteries', () => import('./pages'), pages)];
