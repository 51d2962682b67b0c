import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazyPage';

/**
 * A feature's pages under `path`, each loaded from the module `load` brings when first opened: `pages`
 * maps a child path ('' for the index) to the page's export. `element` wraps them (a guard).
 */
export function pageRoutes<M>(path: string, load: () => Promise<M>, pages: Record<string, keyof M & string>, element?: ReactNode): RouteObject {
  return {
    path,
    element,
    children: Object.entries(pages).map(([child, name]) => {
      const Page = lazyPage(() => load().then((module) => module[name] as ComponentType));
      return child ? { path: child, element: <Page /> } : { index: true, element: <Page /> };
    }),
  };
}
