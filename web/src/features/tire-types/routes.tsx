import { recordRoutes } from '../../shared/records/recordRoutes';

export const tireTypeRoutes = recordRoutes('tire-types', () => import('./config').then((m) => m.tireTypeConfig));
