import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../../shared/auth/guards';

const UserListPage = lazy(() => import('./UserListPage').then((m) => ({ default: m.UserListPage })));
const UserCreatePage = lazy(() => import('./pages').then((m) => ({ default: m.UserCreatePage })));
const UserDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.UserDetailPage })));
const UserEditPage = lazy(() => import('./pages').then((m) => ({ default: m.UserEditPage })));

export const userRoutes: RouteObject[] = [
  {
    path: 'settings/users',
    element: <RequireAdmin title="Users" />,
    children: [
      { index: true, element: <UserListPage /> },
      { path: 'create', element: <UserCreatePage /> },
      { path: ':id', element: <UserDetailPage /> },
      { path: ':id/edit', element: <UserEditPage /> },
    ],
  },
];
