import { Suspense } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { authRoutes } from '../features/auth/routes';
import { supplierRoutes } from '../features/suppliers/routes';
import { tireBrandRoutes } from '../features/tire-brands/routes';
import { tireTypeRoutes } from '../features/tire-types/routes';
import { madeInRoutes } from '../features/made-in/routes';
import { batteryBrandRoutes } from '../features/battery-brands/routes';
import { locationRoutes } from '../features/locations/routes';
import { tagRoutes } from '../features/tags/routes';
import { patternRoutes } from '../features/patterns/routes';
import { tireRoutes } from '../features/tires/routes';
import { batteryRoutes } from '../features/batteries/routes';
import { wiperRoutes } from '../features/wipers/routes';
import { inventoryRoutes } from '../features/inventories/routes';
import { serviceRoutes } from '../features/services/routes';
import { documentRoutes } from '../features/documents/routes';
import { receiptRoutes } from '../features/receipts/routes';
import { dayCloseRoutes } from '../features/day-closes/routes';
import { reorderRoutes } from '../features/reorder/routes';
import { transferRoutes } from '../features/transfers/routes';
import { stockCountRoutes } from '../features/stock-counts/routes';
import { settingsRoutes } from '../features/settings/routes';
import { reportRoutes } from '../features/reports/routes';
import { userRoutes } from '../features/users/routes';
import { auditRoutes } from '../features/audit/routes';
import { profileRoutes } from '../features/profile/routes';
import { searchRoutes } from '../features/search/routes';
import { vehicleRoutes } from '../features/vehicles/routes';
import { AuthProvider } from '../shared/auth/AuthContext';
import { RequireAuth } from '../shared/auth/guards';
import { readToken } from '../shared/auth/session';
import { lazyPage, preloadPage } from '../shared/routes/pageRoutes';
import { NotFound } from '../shared/ui/NotFound';
import { Spinner } from '../shared/ui/Spinner';
import { queryClient } from './queryClient';
import { RouteErrorBoundary } from './RouteError';

/** The signed-in frame (menu, search, alerts) loads with the first signed-in page, not with the login. */
const Layout = lazyPage(() => import('../shared/layout/Layout').then((m) => m.Layout));

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
          ...customerRoutes,
          ...vehicleRoutes,
          ...supplierRoutes,
          ...tireBrandRoutes,
          ...tireTypeRoutes,
          ...madeInRoutes,
          ...batteryBrandRoutes,
          ...locationRoutes,
          ...tagRoutes,
          ...patternRoutes,
          ...tireRoutes,
          ...batteryRoutes,
          ...wiperRoutes,
          ...inventoryRoutes,
          ...serviceRoutes,
          ...documentRoutes,
          ...receiptRoutes,
          ...dayCloseRoutes,
          ...reorderRoutes,
          ...transferRoutes,
          ...stockCountRoutes,
          ...settingsRoutes,
          ...reportRoutes,
          ...userRoutes,
          ...auditRoutes,
          ...profileRoutes,
          ...searchRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

if (readToken()) {
  void Layout.preload();
  preloadPage(routes, window.location, queryClient);
}

/**
 * The app's pages. Declared routes under `BrowserRouter` (App) rather than a data router: nothing
 * here uses loaders or actions, and the data router is more than half of react-router's size.
 */

export function AppRoutes() {
  const element = useRoutes(routes);
  return <RouteErrorBoundary path={useLocation().pathname}>{element}</RouteErrorBoundary>;
}
