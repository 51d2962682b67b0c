import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { hashKey, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { askedNow } from './justAsked';

type Ask = <T, E, D, K extends QueryKey>(options: FetchQueryOptions<T, E, D, K>) => void;

/** Asks (`ask`) for the queries a page shows first, from its address's query string: with its code (preloadPage). */
type FirstQueries = (search: URLSearchParams, ask: Ask) => void;

type Preloadable = { preload?: () => Promise<unknown>; firstQueries?: FirstQueries };

/** A page loaded when first rendered, or before with `preload` (see preloadPage). */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>, firstQueries?: FirstQueries) {
  return Object.assign(
    lazy(() => load().then((component) => ({ default: component }))),
    { preload: load, firstQueries },
  );
}

/**
 * Starts loading the code of the pages `path` opens, so that it comes beside the code of the frame
 * around them rather than after it, and asks for their first queries at the same time rather than
 * once their code has come.
 */
export function preloadPage(routes: RouteObject[], { pathname, search }: { pathname: string; search: string }, client: QueryClient): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (!isValidElement(route.element)) continue;
    const page = route.element.type as Preloadable;
    void page.preload?.();
    page.firstQueries?.(new URLSearchParams(search), (options) => {
      askedNow(hashKey(options.queryKey));
      void client.prefetchQuery(options);
    });
  }
}

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
