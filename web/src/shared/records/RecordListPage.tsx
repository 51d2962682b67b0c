import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useResourceMutations } from '../api/resource';
import { useListSearch } from '../hooks/useListSearch';
import type { RecordBase, RecordConfig } from './types';
import { useRecordDeletion } from './listHooks';
import { RecordList } from './RecordList';

export function RecordListPage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { resource, texts } = config;
  const { text, setText, search, page, setPage } = useListSearch();
  const list = useQuery({ ...resource.list({ search, page }), placeholderData: keepPreviousData });
  const { remove } = useResourceMutations(resource);
  const deletion = useRecordDeletion(remove, texts);

  return <RecordList config={config} list={list} search={{ text, setText }} page={page} setPage={setPage} deletion={deletion} />;
}
