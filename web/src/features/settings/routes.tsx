import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));

export const settingsRoutes: RouteObject[] = [{ path: 'settings', element: <SettingsPage /> }];
