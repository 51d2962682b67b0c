/**
 * A page opened afresh asks for its first answers before its code has come. When the app opens, the
 * GET requests of the page's first queries (what a page names beside its code: see preloadPage) are
 * kept here, by the page's address. The next time that address is opened, index.html's first
 * script asks for them again at once, with the session's token, and the app takes each of those
 * answers (takeEarly) instead of asking again. On a phone this saves the round trip after the code
 * has come: the answer is already there.
 */

/** localStorage: the first GETs by address (path and query string), as index.html's first script reads them. */
export const FIRST_ASKS_KEY = 'first_asks';
const MAX_ADDRESSES = 20;

/** What index.html's first script asked for: each URL with the token it was asked with and its answer to come. */
interface EarlyAnswer {
  url: string;
  token: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    earlyAnswers?: EarlyAnswer[];
  }
}

/** The address the app opened at, its first queries' GETs, and whether one is being asked for now. */
const openedAt = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
const asked: string[] = [];
let noting = false;

/** Asks for one of the page's first queries (`ask`), noting the GET it makes at once. */
export function askFirst(ask: () => void): void {
  noting = true;
  try {
    ask();
  } finally {
    noting = false;
  }
}

/** Keeps the first queries' GETs for the address the app opened at, with the last addresses before it (once the page's code has come: main.tsx). */
export function keepFirstAsks(storage: Storage = localStorage): void {
  try {
    const before = Object.entries(JSON.parse(storage.getItem(FIRST_ASKS_KEY) ?? '{}') as Record<string, string[]>);
    const kept = before.filter(([address]) => address !== openedAt).slice(1 - MAX_ADDRESSES);
    if (asked.length) kept.push([openedAt, asked]);
    storage.setItem(FIRST_ASKS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    storage.removeItem(FIRST_ASKS_KEY);
  }
}

/** Notes a GET the app is making, if it is a first query's (askFirst). */
export function noteAsk(url: string): void {
  if (noting) asked.push(url);
}

/** The answer index.html's first script asked for to `url` with `token`, taken once; or none. */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const early = window.earlyAnswers;
  const index = early?.findIndex((answer) => answer.url === url && answer.token === token) ?? -1;
  if (index < 0) return undefined;
  return early!.splice(index, 1)[0].answer;
}
