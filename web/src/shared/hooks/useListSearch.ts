import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from './useDebounced';

/** The address with one filter set (or removed when empty), back on the first page. */
export function withFilter(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}

export function useListSearch(delay = 300) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [text, setText] = useState(search);
  const debounced = useDebounced(text, delay);
  const written = useRef(search);

  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setText(search);
  }, [search]);

  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    setParams((current) => withFilter(current, 'search', debounced));
  }, [debounced, setParams]);

  const setPage = (value: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
      return next;
    });

  return { text, setText, search, page, setPage };
}
