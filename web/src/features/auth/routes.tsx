import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { GuestOnly } from '../../shared/auth/guards';

const LoginPage = lazy(() => import('./LoginPage'));

export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
];
