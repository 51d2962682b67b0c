import { useEffect, useId, useRef, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { Tire, TireStats } from '@schemas/tires';
import { usePermissions } from '../../shared/auth/permissions';
import { useListSearch } from '../../shared/hooks/useListSearch';
import { DataTable } from '../../shared/ui/DataTable';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { saveFile } from '../../shared/ui/download';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchBox } from '../../shared/ui/SearchBox';
import { Spinner } from '../../shared/ui/Spinner';
import { exportTires, lookupQueries, tireQueries, useTireMutations } from './api';
import { HomeStock } from '../../shared/stock/HomeStock';
import { StockBadge } from '../../shared/stock/StockBadge';
import { RatingBadge, RunFlatBadge } from './badges';
import { tireTitle } from './describe';
import { countPanelFilters, useTireFilters } from './filters';
import { FilterPanel } from './FilterPanel';
import { ImportDialog } from './ImportDialog';
import './tires.css';

type View = 'grid' | 'list';
const VIEW_KEY = 'tires_view';

function useStoredView() {
  const [view, setView] = useState<View>(() => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid'));
  const choose = (next: View) => {
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  };
  return [view, choose] as const;
}

function StatCards({ stats }: { stats: TireStats }) {
  const cards = [
    { label: 'Total Products', value: stats.total_products.toLocaleString('en-US') },
    { label: 'Total Value', value: formatMoney(stats.total_value) },
    { label: 'Low Stock', value: stats.low_stock.toLocaleString('en-US'), tone: 'low' },
    { label: 'Out of Stock', value: stats.out_of_stock.toLocaleString('en-US'), tone: 'out' },
  ];
  return (
    <dl className="tire-stats">
      {cards.map((card) => (
        <div key={card.label} className={`card tire-stat ${card.tone ? `tire-stat-${card.tone}` : ''}`}>
          <dt>{card.label}</dt>
          <dd>{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ItemProps {
  tire: Tire;
  /** Undefined where nothing can be selected (only an administrator deletes tires in bulk). */
  selected?: boolean;
  onToggle: () => void;
}

function SelectBox({ tire, selected, onToggle }: ItemProps) {
  if (selected === undefined) return null;
  return <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select ${tireTitle(tire)}`} />;
}

function TireCard(props: ItemProps) {
  const { tire, selected } = props;
  return (
    <article className={selected ? 'card tire-card selected' : 'card tire-card'} aria-label={tireTitle(tire)}>
      <div className="tire-card-top">
        <SelectBox {...props} />
        <StockBadge quantity={tire.branch_stock ?? tire.quantity} />
      </div>
      <h3 className="tire-card-size">
        <Link to={`/tires/${tire.id}`}>{tire.size}</Link>
      </h3>
      <p className="tire-card-brand">
        {tire.brand.name}
        {tire.pattern && <span> · {tire.pattern.name}</span>}
      </p>
      <p className="tire-card-type">{tire.tire_type.name}</p>
      <div className="tire-badges">
        <RatingBadge label="Fuel" rating={tire.fuel_rating} />
        <RatingBadge label="Wet" rating={tire.water_rating} />
        <RunFlatBadge runFlat={tire.run_flat} />
      </div>
      <dl className="tire-card-figures">
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(tire.selling_price)}</dd>
        </div>
        <div>
          <dt>Stock</dt>
          <dd>
            <HomeStock branch={tire.branch_stock} total={tire.quantity} />
          </dd>
        </div>
      </dl>
      <div className="tire-card-actions">
        <Link to={`/tires/${tire.id}`} className="btn btn-small btn-secondary">
          View
        </Link>
        <Link to={`/tires/${tire.id}/edit`} className="btn btn-small btn-secondary">
          Edit
        </Link>
      </div>
    </article>
  );
}

function TireTable({ tires, isSelected, toggle }: { tires: Tire[]; isSelected: (id: number) => boolean | undefined; toggle: (id: number) => void }) {
  return (
    <DataTable
      caption="Tires"
      rows={tires}
      rowKey={(tire) => tire.id}
      rowLabel={tireTitle}
      columns={[
        {
          header: 'Size',
          cell: (tire) => (
            <span className="tire-select-cell">
              <SelectBox tire={tire} selected={isSelected(tire.id)} onToggle={() => toggle(tire.id)} />
              <Link to={`/tires/${tire.id}`}>{tire.size}</Link>
            </span>
          ),
          className: 'cell-nowrap',
        },
        { header: 'Brand', cell: (tire) => tire.brand.name },
        { header: 'Pattern', cell: (tire) => tire.pattern?.name },
        { header: 'Type', cell: (tire) => tire.tire_type.name },
        { header: 'Price', cell: (tire) => formatMoney(tire.selling_price), className: 'cell-nowrap' },
        {
          header: 'Stock',
          cell: (tire) => (
            <span className="tire-stock-cell">
              <HomeStock branch={tire.branch_stock} total={tire.quantity} /> <StockBadge quantity={tire.branch_stock ?? tire.quantity} />
            </span>
          ),
        },
        {
          header: 'Ratings',
          cell: (tire) => (
            <span className="tire-badges">
              <RatingBadge label="Fuel" rating={tire.fuel_rating} />
              <RatingBadge label="Wet" rating={tire.water_rating} />
              <RunFlatBadge runFlat={tire.run_flat} />
            </span>
          ),
        },
      ]}
      actions={(tire) => (
        <Link to={`/tires/${tire.id}/edit`} className="btn btn-small btn-secondary">
          Edit
        </Link>
      )}
    />
  );
}

const plural = (count: number) => `${count} tire${count === 1 ? '' : 's'}`;

/** /tires: stats, search, filters, cards or table, selection with bulk delete, CSV export and import. */
export function TireListPage() {
  const flash = useFlash();
  const queryClient = useQueryClient();
  const filterPanelId = useId();
  const { text, setText, page, setPage } = useListSearch();
  const { filters, filterKey, setFilter, clearFilters } = useTireFilters();
  const activeFilters = countPanelFilters(filters);
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const [view, setView] = useStoredView();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { bulkDelete } = useTireMutations();
  const selectable = usePermissions().deleteRecords;

  const [list, types] = useQueries({ queries: [tireQueries.filtered(filters, page), lookupQueries.tireTypes] });

  useEffect(() => setSelected(new Set()), [filterKey, page]);

  const shownFilters = useRef(filterKey);
  useEffect(() => {
    if (shownFilters.current === filterKey) return;
    shownFilters.current = filterKey;
    void queryClient.invalidateQueries({ queryKey: lookupQueries.tireTypes.queryKey });
  }, [filterKey, queryClient]);

  const lastPage = list.data?.last_page ?? 1;
  useEffect(() => {
    if (list.data && list.data.total > 0 && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage, setPage]);

  const tires = list.data?.data ?? [];
  const allSelected = tires.length > 0 && tires.every((tire) => selected.has(tire.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(tires.map((tire) => tire.id)));

  const deleteSelected = () =>
    bulkDelete.mutate([...selected], {
      onSuccess: ({ deleted }) => {
        setConfirming(false);
        setSelected(new Set());
        flash(`${plural(deleted)} deleted successfully!`);
      },
      onError: () => setConfirming(false),
    });

  const download = async () => {
    setExportError(null);
    setExporting(true);
    try {
      saveFile(await exportTires(filters), 'tires.csv');
    } catch {
      setExportError('The export could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section>
      <PageHeader
        title="Tires"
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
              Import
            </button>
            <button type="button" className="btn btn-secondary" onClick={download} disabled={exporting} aria-busy={exporting}>
              {exporting ? 'Exporting...' : 'Export'}
            </button>
            <Link to="/tires/create" className="btn btn-primary">
              Add New Tire
            </Link>
          </>
        }
      />
      {exportError && <ErrorBox messages={[exportError]} />}
      {list.data && <StatCards stats={list.data.stats} />}
      <div className="card">
        <div className="toolbar tire-toolbar">
          <SearchBox value={text} onChange={setText} placeholder="Search size, brand, pattern, DOT..." label="Search tires" />
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={filtersOpen}
            aria-controls={filterPanelId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters{activeFilters > 0 && ` (${activeFilters})`}
          </button>
          <div className="view-toggle" role="group" aria-label="View">
            <button type="button" className="btn btn-secondary" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
              Grid
            </button>
            <button type="button" className="btn btn-secondary" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              List
            </button>
          </div>
          {list.isFetching && !list.isPending && (
            <span className="toolbar-hint" aria-hidden="true">
              Updating...
            </span>
          )}
        </div>
        {filtersOpen && (
          <FilterPanel id={filterPanelId} filters={filters} tireTypes={types.data ?? []} setFilter={setFilter} clearFilters={clearFilters} />
        )}
        {bulkDelete.isError && <ErrorBox messages={[bulkDelete.error.message || 'Error deleting tires. Please try again.']} />}
        {list.isPending ? (
          <Spinner label="Loading tires..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading tires: ${list.error.message}`]} />
        ) : tires.length === 0 ? (
          <div className="empty tire-empty">
            <p>No tires found</p>
            <Link to="/tires/create" className="btn btn-primary">
              Add First Tire
            </Link>
          </div>
        ) : (
          <>
            {selectable && (
              <div className="selection-bar">
                <label className="checkbox-label">
                  <input type="checkbox" checked={allSelected} onChange={toggleAll} />
                  <span>Select all on this page</span>
                </label>
                <span className="selection-count" aria-live="polite">
                  {selected.size > 0 ? `${selected.size} selected` : ''}
                </span>
                <div className="selection-actions">
                  <button type="button" className="btn btn-small btn-danger-outline" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
                    Delete Selected
                  </button>
                  <button type="button" className="btn btn-small btn-secondary" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
                    Clear Selection
                  </button>
                </div>
              </div>
            )}
            {view === 'grid' ? (
              <div className="tire-grid">
                {tires.map((tire) => (
                  <TireCard key={tire.id} tire={tire} selected={selectable ? selected.has(tire.id) : undefined} onToggle={() => toggle(tire.id)} />
                ))}
              </div>
            ) : (
              <TireTable tires={tires} isSelected={(id) => (selectable ? selected.has(id) : undefined)} toggle={toggle} />
            )}
            <Pagination page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
          </>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete selected tires"
          message={`Are you sure you want to delete ${plural(selected.size)}? This cannot be undone.`}
          confirmLabel="Delete"
          pending={bulkDelete.isPending}
          onConfirm={deleteSelected}
          onCancel={() => setConfirming(false)}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </section>
  );
}
