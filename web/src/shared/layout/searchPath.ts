/** The results page of a search. */
export const searchPath = (term: string) => `/search?${new URLSearchParams({ q: term })}`;
