import { recordRoutes } from '../../shared/records/recordRoutes';

export const patternRoutes = recordRoutes('patterns', () => import('./config').then((m) => m.patternConfig));
