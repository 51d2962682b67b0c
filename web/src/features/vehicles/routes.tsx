import type { RouteObject } from 'react-router';
import { pageRoutes } from '../../shared/routes/pageRoutes';

export const vehicleRoutes: RouteObject[] = [pageRoutes('vehicles', () => import('./VehiclePage'), { ':id': 'VehiclePage' })];
