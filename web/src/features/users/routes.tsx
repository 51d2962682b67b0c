import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../../shared/auth/RequireAdmin';
import { pageRoutes } from '../../shared/routes/pageRoutes';

const pages = { '': 'UserListPage', create: 'UserCreatePage', ':id': 'UserDetailPage', ':id/edit': 'UserEditPage' } as const;

export const userRoutes: RouteObject[] = [pageRoutes('settings/users', () => import('./pages'), pages, <RequireAdmin title="Users" />)];
