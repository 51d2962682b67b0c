import type { RouteObject } from 'react-router';
import { GuestOnly } from '../../shared/auth/guards';
import { lazyPage } from '../../shared/routes/lazyPage';

/**
 * The login page loads on its own, not with the entry that every signed-in page loads too: the
 * sign-in page's HTML names its code, so it comes beside the entry (web/vite.config.ts, `firstScreens`).
 */
const LoginPage = lazyPage(() => import('./LoginPage').then((m) => m.default));

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
