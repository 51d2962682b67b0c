import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useResourceMutations } from '../../shared/api/resource';
import { usePermissions } from '../../shared/auth/permissions';
import { useListSearch, withFilter, useAddress } from '../../shared/hooks/useListSearch';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { SearchBox } from '../../shared/ui/SearchBox';
import { inventoryQueries } from './api';
import { inventoryConfig } from './config';
import { categoryOptions } from './status';
import { RecordTable, UpdatingHint } from '../../shared/records/RecordTable';
import { usePageInRange, useRecordDeletion } from '../../shared/records/listHooks';

const { basePath, columns, texts } = inventoryConfig;

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
  const can = usePermissions();

  /** Sets one filter in the address and goes back to the first page. */
  const setFilter = (name: string, value: string) => setParams((current) => withFilter(current, name, value));

  usePageInRange(list.data, page, setPage);

  return (
    <section>
      <PageHeader
        title={texts.listTitle}
        actions={
          <Link to={`${basePath}/create`} className="btn btn-primary">
            {texts.addButton}
          </Link>
        }
      />
      <div className="card inventory-list">
        <div className="toolbar">
          <SearchBox value={text} onChange={setText} placeholder={texts.searchPlaceholder} label={texts.searchLabel} />
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
          <UpdatingHint list={list} />
        </div>
        {deletion.error && <ErrorBox messages={[deletion.error]} />}
        <RecordTable
          list={list}
          texts={texts}
          onPage={setPage}
          columns={columns}
          rowClassName={(item) => (item.is_low ? 'row-low' : undefined)}
          actions={(item) => (
            <>
              <Link to={`${basePath}/${item.id}/edit`} className="btn btn-small btn-secondary">
                Edit
              </Link>
              {can.deleteRecords && (
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(item.id)}>
                  Delete
                </button>
              )}
            </>
          )}
        />
      </div>
      {deletion.dialog}
    </section>
  );
}
