import { useCallback } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

/** The page of a list the address shows: 1 unless `name` (page) says another. */
export const pageOf = (params: URLSearchParams, name = 'page') => Math.max(1, Math.floor(Number(params.get(name))) || 1);

/** The address on page `value` (the first page has no `page`). */
export function withPage(current: URLSearchParams, value: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value > 1) next.set('page', String(value));
  else next.delete('page');
  return next;
}

/** The address with one filter set (or removed when empty), back on the first page. */
export function withFilter(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}

/**
 * The address's query, as useSearchParams gives it, and a way to change it that starts from the
 * address as it is now: React Router hands its updater the address of the last render, so two
 * changes in one moment (a search typed a moment ago, then a ticked filter) would lose one.
 * A change made once the user has left for another page (a search written as its pause ends, while
 * the page clicked is still loading) is dropped: it would take them back.
 */
export function useAddress() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      if (window.location.pathname !== pathname) return;
      setParams(() => next(new URLSearchParams(window.location.search)), options);
    },
    [setParams, pathname],
  );
  return [params, change] as const;
}
