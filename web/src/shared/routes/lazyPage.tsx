import { createElement, isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { hashKey, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { askFirst } from '../api/firstAsks';
import { askedNow } from './justAsked';

type Ask = <T, E, D, K extends QueryKey>(options: FetchQueryOptions<T, E, D, K>) => void;

/** Asks (`ask`) for the queries a page shows first, from its address's query string: with its code (preloadPage). */
type FirstQueries = (search: URLSearchParams, ask: Ask) => void;

type Preloadable = { preload?: () => Promise<unknown>; firstQueries?: FirstQueries };

/** Pages whose code was asked for ahead (`preload`) and has not come yet: see whenPreloaded. */
const coming = new Set<Promise<unknown>>();

/**
 * A page loaded when first rendered, or before with `preload` (see preloadPage). Once its code has
 * come it renders at once, where a `lazy` component suspends on its first render even then.
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>, firstQueries?: FirstQueries) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (loading) return loading;
    const started = load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    const done = () => void coming.delete(started);
    coming.add(started);
    started.then(done, done);
    return (loading = started);
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // Which one a mounted page renders stays as it was first: the other would mount it afresh.
  const Page = (props: P) => createElement(useState<ComponentType<P>>(() => loaded ?? Lazy)[0], props);
  return Object.assign(Page, { preload, firstQueries });
}

/**
 * Settles when the code of every page asked for ahead has come (the pages' routes, once come, ask
 * for the page they open), or after `limitMs`. The app renders a page opened afresh once this has
 * settled: whole, at once, rather than a spinner and then each part as it comes, which React shows
 * no sooner than 300 ms after the spinner before it.
 */
export async function whenPreloaded(limitMs: number): Promise<void> {
  let over = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      over = true;
      resolve();
    }, limitMs);
  });
  while (coming.size && !over) await Promise.race([Promise.allSettled([...coming]), limit]);
  clearTimeout(timer);
}

/**
 * Starts loading the code of the pages `path` opens, so that it comes beside the code of the frame
 * around them rather than after it, and asks for their first queries at the same time rather than
 * once their code has come.
 */
export function preloadPage(routes: RouteObject[], { pathname, search }: { pathname: string; search: string }, client: QueryClient): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // The route's page, or the page inside its guard.
    const { element } = route;
    for (const held of [element, isValidElement<{ children?: ReactNode }>(element) ? element.props.children : null]) {
      if (!isValidElement(held)) continue;
      const page = held.type as Preloadable;
      void page.preload?.();
      page.firstQueries?.(new URLSearchParams(search), (options) => {
        askedNow(hashKey(options.queryKey));
        askFirst(() => void client.prefetchQuery(options));
      });
    }
  }
}
