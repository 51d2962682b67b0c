import { recordRoutes } from '../../shared/records/recordRoutes';

export const tagRoutes = recordRoutes('tags', () => import('./config').then((m) => m.tagConfig));
