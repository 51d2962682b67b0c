import { pageOf, useAddress, withFilter, withPage } from './address';
import { useTypedFilter } from './useDebounced';

export { pageOf, useAddress, withFilter, withPage };

export function useListSearch(delay = 300) {
  const [params, setParams] = useAddress();
  const search = params.get('search') ?? '';
  const page = pageOf(params);
  const [text, setText] = useTypedFilter(search, (value) => setParams((current) => withFilter(current, 'search', value)), delay);

  const setPage = (value: number) => setParams((current) => withPage(current, value));

  return { text, setText, search, page, setPage };
}
