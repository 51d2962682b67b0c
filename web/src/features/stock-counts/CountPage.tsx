import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import type { StockCountLine } from '@schemas/stock-counts';
import { isApiError } from '../../shared/api/client';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchBox } from '../../shared/ui/SearchBox';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { useDebounced } from '../../shared/hooks/useDebounced';
import { countLinesQuery, countQuery, type LineFilters } from './api';
import { CountBox } from './CountBox';
import { CountStatusBadge } from './labels';
import './stock-counts.css';

const SHOW = [
  { value: 'uncounted', label: 'Not counted yet' },
  { value: 'counted', label: 'Counted' },
];

/** /stock-counts/:id: counting, blind: the products and what was counted, never the book. */
export function CountPage() {
  const { id = '' } = useParams();
  const count = useQuery(countQuery(id));
  const [picked, setPicked] = useState<StockCountLine['product'] | null>(null);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<LineFilters['show']>('');
  const [page, setPage] = useState(1);
  const filters: LineFilters = { search: useDebounced(search, 300), show, page };
  const lines = useQuery({ ...countLinesQuery(id, filters), placeholderData: keepPreviousData, enabled: count.isSuccess });
  const data = count.data;
  const open = data?.status === 'open';

  const columns: Column<StockCountLine>[] = [
    { header: 'Product', cell: (line) => line.product.name },
    { header: 'Barcode', cell: (line) => line.product.barcode, className: 'cell-nowrap' },
    { header: 'Counted', cell: (line) => line.counted, numeric: true },
    { header: 'By', cell: (line) => line.counted_by?.name },
  ];

  return (
    <section>
      <PageHeader
        title={data ? `Stock Count ${data.number}` : 'Stock Count'}
        actions={
          <>
            <Link to="/stock-counts" className="btn btn-secondary">
              Back to Stock Counts
            </Link>
            {data && (
              <Link to={`/stock-counts/${data.id}/sheet`} className="btn btn-secondary">
                Count Sheet
              </Link>
            )}
            {data && (
              <Link to={`/stock-counts/${data.id}/review`} className="btn btn-primary">
                {open ? 'Review and Post' : 'Variances'}
              </Link>
            )}
          </>
        }
      />
      {count.isPending ? (
        <Spinner label="Loading stock count..." />
      ) : count.isError ? (
        <ErrorBox messages={[isApiError(count.error, 404) ? 'Stock count not found' : `Error loading stock count: ${count.error.message}`]} />
      ) : (
        <>
          <p className="sc-heading-line">
            <CountStatusBadge status={data!.status} /> {data!.location.name} · {data!.scope_label} ·{' '}
            <strong data-testid="counted-progress">
              {data!.counted_lines.toLocaleString()} of {data!.lines.toLocaleString()} counted
            </strong>
          </p>
          {open && <CountBox countId={id} picked={picked} onPicked={setPicked} />}
          <div className="card">
            <div className="sc-filters" role="group" aria-label="Filters">
              <SearchBox
                value={search}
                onChange={(value) => {
                  setSearch(value);
                  setPage(1);
                }}
                placeholder="Search products"
                label="Search products"
              />
              <SelectField
                name="show"
                label="Show"
                value={show}
                onChange={(value) => {
                  setShow(value as LineFilters['show']);
                  setPage(1);
                }}
                options={SHOW}
                placeholder="All products"
              />
            </div>
            {lines.isPending ? (
              <Spinner label="Loading products..." />
            ) : lines.isError ? (
              <ErrorBox messages={[`Error loading products: ${lines.error.message}`]} />
            ) : lines.data.data.length === 0 ? (
              <p className="empty">No products found</p>
            ) : (
              <>
                <DataTable
                  caption="Products in the count"
                  columns={columns}
                  rows={lines.data.data}
                  rowKey={(line) => line.product.id}
                  rowLabel={(line) => line.product.name}
                  actions={
                    open
                      ? (line) => (
                          <button type="button" className="btn btn-secondary btn-small" onClick={() => setPicked(line.product)}>
                            Count
                          </button>
                        )
                      : undefined
                  }
                />
                <Pagination page={page} lastPage={lines.data.last_page} onChange={setPage} />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
