import { useEffect, useRef, useState } from 'react';
import { pageOf, useAddress, withFilter, withPage } from './address';
import { useDebounced } from './useDebounced';

export { pageOf, useAddress, withFilter, withPage };

export function useListSearch(delay = 300) {
  const [params, setParams] = useAddress();
  const search = params.get('search') ?? '';
  const page = pageOf(params);
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

  const setPage = (value: number) => setParams((current) => withPage(current, value));

  return { text, setText, search, page, setPage };
}
