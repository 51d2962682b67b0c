import { Suspense } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { dashboardRoutes } from '../features/dashboard/routes';
import { authRoutes } from '../features/auth/routes';
import { AuthProvider } from '../shared/auth/AuthContext';
import { RequireAuth } from '../shared/auth/guards';
import { readToken } from '../shared/auth/session';
import { lazyPage, preloadPage } from '../shared/routes/lazyPage';
import { Spinner } from '../shared/ui/Spinner';
import { queryClient } from './queryClient';
import { RouteErrorBoundary } from './RouteError';

/** The signed-in frame (menu, search, alerts) loads with the first signed-in page, not with the login. */
const Layout = lazyPage(() => import('../shared/layout/Layout').then((m) => m.Layout));
const Pages = lazyPage(() => import('./pages').then((m) => m.Pages));

function Root() {
  return (
    <AuthProvider>
      <Suspense fallback={<Spinner page />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...authRoutes,
      {
        element: (
          <RequireAuth>
            <Layout />
          </RequireAuth>
        ),
        children: [
          ...dashboardRoutes,
          // Every other page, and what finds and loads it, comes once one is opened (./pages).
          { path: '*', element: <Pages /> },
        ],
      },
    ],
  },
];

// What the page opened shows, asked for now (see main.tsx); signed out, only the sign-in's.
preloadPage(readToken() ? routes : authRoutes, window.location, queryClient);

/**
 * The app's pages. Declared routes under `BrowserRouter` (App) rather than a data router: nothing
 * here uses loaders or actions, and the data router is more than half of react-router's size.
 */

export function AppRoutes() {
  const element = useRoutes(routes);
  return <RouteErrorBoundary path={useLocation().pathname}>{element}</RouteErrorBoundary>;
}
