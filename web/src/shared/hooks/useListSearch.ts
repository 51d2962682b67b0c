import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from './useDebounced';

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
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (debounced) next.set('search', debounced);
      else next.delete('search');
      next.delete('page');
      return next;
    });
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
