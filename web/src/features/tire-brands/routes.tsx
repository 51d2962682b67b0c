import { recordRoutes } from '../../shared/records/recordRoutes';

export const tireBrandRoutes = recordRoutes('tire-brands', () => import('./config').then((m) => m.tireBrandConfig));
