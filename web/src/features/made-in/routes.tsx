import { recordRoutes } from '../../shared/records/recordRoutes';

export const madeInRoutes = recordRoutes('made-in', () => import('./config').then((m) => m.madeInConfig));
