import { isValidElement, lazy, type ComponentType } from 'react';
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
