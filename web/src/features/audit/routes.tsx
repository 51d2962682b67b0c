import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../../shared/auth/RequireAdmin';

const AuditPage = lazy(() => import('./AuditPage').then((m) => ({ default: m.AuditPage })));

export const auditRoutes: RouteObject[] = [
  { path: 'settings/audit', element: <RequireAdmin title="Audit Trail" />, children: [{ index: true, element: <AuditPage /> }] },
];
