import { recordRoutes } from '../../shared/records/recordRoutes';

export const locationRoutes = recordRoutes('locations', () => import('./config').then((m) => m.locationConfig));
