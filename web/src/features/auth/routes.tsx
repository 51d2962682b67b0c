import type { RouteObject } from 'react-router';
import { GuestOnly } from '../../shared/auth/guards';
import LoginPage from './LoginPage';

/**
 * The login page comes with the entry: it is the first screen of anyone not signed in, and its
 * pieces (fields, the error box) are what most pages use.
 */
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
