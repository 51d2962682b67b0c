/**
 * A page opened afresh asks for its first answers before its code has come. When the app opens, the
 * GET requests it makes while the page's code comes (its first queries: see preloadPage and main.tsx)
 * are kept here, by the page's address. The next time that address is opened, index.html's first
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

/** The address the app opened at, and the GETs made since, until the page's code has come (keepFirstAsks). */
const openedAt = window.location.pathname + window.location.search;
let asked: string[] | null = [];

/** Keeps the GETs made since the app opened, for the address it opened at, and stops noting them. */
export function keepFirstAsks(): void {
  const urls = asked ?? [];
  asked = null;
  try {
    const kept = JSON.parse(localStorage.getItem(FIRST_ASKS_KEY) ?? '{}') as Record<string, string[]>;
    delete kept[openedAt];
    if (urls.length) kept[openedAt] = urls;
    const addresses = Object.keys(kept);
    for (const old of addresses.slice(0, Math.max(0, addresses.length - MAX_ADDRESSES))) delete kept[old];
    localStorage.setItem(FIRST_ASKS_KEY, JSON.stringify(kept));
  } catch {
    localStorage.removeItem(FIRST_ASKS_KEY);
  }
}

/** Notes a GET the app is making, until keepFirstAsks. */
export function noteAsk(url: string): void {
  asked?.push(url);
}

/** The answer index.html's first script asked for to `url` with `token`, taken once; or none. */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const early = window.earlyAnswers;
  const index = early?.findIndex((answer) => answer.url === url && answer.token === token) ?? -1;
  if (index < 0) return undefined;
  return early!.splice(index, 1)[0].answer;
}
