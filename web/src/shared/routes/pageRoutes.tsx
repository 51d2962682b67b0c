import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Preloadable = { preload?: () => Promise<unknown> };

/** A page loaded when first rendered, or before with `preload` (see preloadPage). */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(() => load().then((component) => ({ default: component }))),
    { preload: load },
  );
}

/**
 * Starts loading the code of the pages `path` opens, so that it comes beside the code of the frame
 * around them rather than after it.
 */
export function preloadPage(routes: RouteObject[], path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (isValidElement(route.element)) void (route.element.type as Preloadable).preload?.();
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
