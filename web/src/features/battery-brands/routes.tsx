import { recordRoutes } from '../../shared/records/recordRoutes';

export const batteryBrandRoutes = recordRoutes('battery-brands', () => import('./config').then((m) => m.batteryBrandConfig));
