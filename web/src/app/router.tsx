import { Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { authRoutes } from '../features/auth/routes';
import { supplierRoutes } from '../features/suppliers/routes';
import { AuthProvider } from '../shared/auth/AuthContext';
import { RequireAuth } from '../shared/auth/guards';
import { Layout } from '../shared/layout/Layout';
import { NotFound } from '../shared/ui/NotAvailable';
import { Spinner } from '../shared/ui/Spinner';
import { RouteError } from './RouteError';
import { unavailableRoutes } from './unavailable';

function Root() {
  return (
    <AuthProvider>
      <Suspense fallback={<Spinner page />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
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
          ...customerRoutes,
          ...supplierRoutes,
          ...unavailableRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
