import { useRoutes, type RouteObject } from 'react-router';
import { customerRoutes } from '../features/customers/routes';
import { vehicleRoutes } from '../features/vehicles/routes';
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
import { preloadPage } from '../shared/routes/lazyPage';
import { NotFound } from '../shared/ui/NotFound';
import { queryClient } from './queryClient';

/**
 * The signed-in pages besides the dashboard (./router), under the frame: their routes and the code
 * that loads them are not part of the first screens.
 */
const routes: RouteObject[] = [
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
];

// Loaded as the app opens on one of these pages, or as the first of them opens: that page's code and first queries come next.
preloadPage(routes, window.location, queryClient);

export function Pages() {
  return useRoutes(routes);
}
