import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { z } from 'zod';
import { lazyPage } from '../routes/lazyPage';
import type { RecordBase, RecordConfig } from './types';

/**
 * The list, create, detail and edit routes of a record config; each page and the config load when
 * first visited. Without details, the detail address opens the edit form.
 */
export function recordRoutes<T extends RecordBase, S extends z.ZodType>(
  path: string,
  loadConfig: () => Promise<RecordConfig<T, S>>,
): RouteObject[] {
  const page = (loadPage: () => Promise<ComponentType<{ config: RecordConfig<T, S> }>>, isDetail = false) => {
    const Page = lazyPage(async () => {
      const [Component, config] = await Promise.all([loadPage(), loadConfig()]);
      const element = isDetail && !config.details ? <Navigate to="edit" replace /> : <Component config={config} />;
      return () => element;
    });
    return <Page />;
  };
  return [
    {
      path,
      children: [
        { index: true, element: page(() => import('./RecordListPage').then((m) => m.RecordListPage)) },
        { path: 'create', element: page(() => import('./RecordCreatePage').then((m) => m.RecordCreatePage)) },
        { path: ':id', element: page(() => import('./RecordDetailPage').then((m) => m.RecordDetailPage), true) },
        { path: ':id/edit', element: page(() => import('./RecordEditPage').then((m) => m.RecordEditPage)) },
      ],
    },
  ];
}
