import type { Query } from '@tanstack/react-query';

/** When preloadPage (./pageRoutes) asked for each query as the app opened, by the query's hash. */
const asked = new Map<string, number>();
const JUST_ASKED_MS = 10_000;

export function askedNow(queryHash: string): void {
  asked.set(queryHash, Date.now());
}

/**
 * `refetchOnMount` for a page's first query whose answer is always read afresh (`staleTime: 0`): not
 * asked for again when the page opens with the answer preloadPage asked for as the app opened.
 */
export const unlessJustAsked = (query: Pick<Query, 'queryHash' | 'state'>) =>
  !(query.state.dataUpdateCount <= 1 && Date.now() - (asked.get(query.queryHash) ?? -JUST_ASKED_MS) < JUST_ASKED_MS);
