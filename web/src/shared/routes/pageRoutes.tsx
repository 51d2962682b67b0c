import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A feature's pages under `path`, each loaded from the module `load` brings when first opened: `pages`
 * maps a child path ('' for the index) to the page's export. `element` wraps them (a guard).
 */
export function pageRoutes<M>(path: string, load: () => Promise<M>, pages: Record<string, keyof M & string>, element?: ReactNode): RouteObject {
  return {
    path,
    element,
    children: Object.entries(pages).map(([child, name]) => {
      const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
      return child ? { path: child, element: <Page /> } : { index: true, element: <Page /> };
    }),
  };
}
