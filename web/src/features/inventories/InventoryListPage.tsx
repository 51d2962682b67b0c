import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useResourceMutations } from '../../shared/api/resource';
import { useListSearch, withFilter, useAddress } from '../../shared/hooks/useListSearch';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { inventoryQueries } from './api';
import { inventoryConfig } from './config';
import { categoryOptions } from './status';
import { useRecordDeletion } from '../../shared/records/listHooks';
import { RecordList } from '../../shared/records/RecordList';

const { texts } = inventoryConfig;

/** /inventories: every inventory item with its stock state, filtered by category, low stock and name. */
export function InventoryListPage() {
  const { text, setText, search, page, setPage } = useListSearch();
  const [params, setParams] = useAddress();
  const category = params.get('category') ?? '';
  const lowStock = params.get('lowStock') === '1';
  // The box follows the click at once; the address (and so the list) follows a moment later.
  const [lowStockChecked, setLowStockChecked] = useState(lowStock);
  useEffect(() => setLowStockChecked(lowStock), [lowStock]);
  const list = useQuery({ ...inventoryQueries.filtered({ search, category, lowStock, page }), placeholderData: keepPreviousData });
  const { remove } = useResourceMutations(inventoryQueries);
  const deletion = useRecordDeletion(remove, texts);

  /** Sets one filter in the address and goes back to the first page. */
  const setFilter = (name: string, value: string) => setParams((current) => withFilter(current, name, value));

  return (
    <RecordList
      config={inventoryConfig}
      list={list}
      search={{ text, setText }}
      page={page}
      setPage={setPage}
      deletion={deletion}
      className="inventory-list"
      rowClassName={(item) => (item.is_low ? 'row-low' : undefined)}
      filters={
        <>
          <select className="toolbar-select" aria-label="Category" value={category} onChange={(event) => setFilter('category', event.target.value)}>
            <option value="">All categories</option>
            {categoryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <CheckboxField
            name="lowStock"
            label="Low stock only"
            checked={lowStockChecked}
            onChange={(checked) => {
              setLowStockChecked(checked);
              setFilter('lowStock', checked ? '1' : '');
            }}
          />
        </>
      }
    />
  );
}
