import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import type { StockCount, StockCountLine } from '@schemas/stock-counts';
import { isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/AuthContext';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { formatDateTime } from '../../shared/ui/dates';
import { saveFile } from '../../shared/ui/download';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useFlash } from '../../shared/ui/Flash';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { countLinesQuery, countQuery, downloadVariances, useCancelCount, usePostCount, type LineFilters } from './api';
import { CountStatusBadge, Variance } from './labels';
import './stock-counts.css';

const SHOW = [
  { value: 'variance', label: 'Differences only' },
  { value: 'uncounted', label: 'Not counted yet' },
  { value: 'counted', label: 'Counted' },
];

const columns: Column<StockCountLine>[] = [
  { header: 'Product', cell: (line) => line.product.name },
  { header: 'At start', cell: (line) => line.snapshot, numeric: true },
  { header: 'Moved since', cell: (line) => (line.moves_since === null ? null : line.moves_since > 0 ? `+${line.moves_since}` : line.moves_since), numeric: true },
  { header: 'Expected', cell: (line) => line.expected, numeric: true },
  { header: 'Counted', cell: (line) => line.counted, numeric: true },
  { header: 'Difference', cell: (line) => <Variance value={line.variance} />, numeric: true },
  { header: 'At cost', cell: (line) => (line.variance_value === null ? null : formatMoney(line.variance_value)), numeric: true },
];

type Uncounted = 'zero' | 'skip';

function PostDialog({ count, onClose }: { count: StockCount; onClose: () => void }) {
  const post = usePostCount(String(count.id));
  const flash = useFlash();
  const uncounted = count.lines - count.counted_lines;
  const [choice, setChoice] = useState<Uncounted>('skip');
  return (
    <FormDialog
      title={`Post ${count.number}?`}
      submitLabel="Post"
      pending={post.isPending}
      errors={post.error ? [post.error.message] : null}
      onClose={onClose}
      onSubmit={() =>
        post.mutate(uncounted > 0 ? choice : null, {
          onSuccess: (posted) => {
            flash(`${posted.number} posted: the stock of ${posted.summary.with_variance} products corrected.`);
            onClose();
          },
        })
      }
    >
      <p>
        {count.summary.with_variance.toLocaleString()} products differ from the shelf, {formatMoney(count.summary.variance_value)} at cost. Each
        difference is written to the stock as it stands now. This cannot be undone.
      </p>
      {uncounted > 0 && (
        <fieldset className="sc-uncounted">
          <legend>{uncounted.toLocaleString()} products were not counted</legend>
          <label>
            <input type="radio" name="uncounted" checked={choice === 'skip'} onChange={() => setChoice('skip')} /> Leave their stock as it is
          </label>
          <label>
            <input type="radio" name="uncounted" checked={choice === 'zero'} onChange={() => setChoice('zero')} /> None on the shelf: their stock
            goes to 0
          </label>
        </fieldset>
      )}
    </FormDialog>
  );
}

/** /stock-counts/:id/review: every difference with its value at cost; post or cancel. */
export function CountReviewPage() {
  const { id = '' } = useParams();
  const count = useQuery(countQuery(id));
  const user = useAuth().user;
  const admin = user?.role === 'admin';
  const [show, setShow] = useState<LineFilters['show']>('variance');
  const [page, setPage] = useState(1);
  const lines = useQuery({ ...countLinesQuery(id, { search: '', show, page }, 50), placeholderData: keepPreviousData, enabled: count.isSuccess });
  const [posting, setPosting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelCount(id);
  const flash = useFlash();
  const data = count.data;
  const open = data?.status === 'open';

  const download = async () => {
    setProblem(null);
    try {
      saveFile(await downloadVariances(id), `${data?.number ?? 'count'}-variances.csv`);
    } catch (error) {
      setProblem(`The CSV could not be downloaded: ${(error as Error).message}`);
    }
  };

  return (
    <section>
      <PageHeader
        title={data ? `Variances ${data.number}` : 'Variances'}
        actions={
          <>
            <Link to={`/stock-counts/${id}`} className="btn btn-secondary">
              Back to Count
            </Link>
            <button type="button" className="btn btn-secondary" onClick={download}>
              Download CSV
            </button>
            {open && (admin || data?.started_by?.id === user?.id) && (
              <button type="button" className="btn btn-danger-outline" onClick={() => setCancelling(true)}>
                Cancel Count
              </button>
            )}
            {open && admin && (
              <button type="button" className="btn btn-primary" onClick={() => setPosting(true)}>
                Post
              </button>
            )}
          </>
        }
      />
      {problem && <ErrorBox messages={[problem]} />}
      {cancel.error && <ErrorBox messages={[cancel.error.message]} />}
      {count.isPending ? (
        <Spinner label="Loading stock count..." />
      ) : count.isError ? (
        <ErrorBox messages={[isApiError(count.error, 404) ? 'Stock count not found' : `Error loading stock count: ${count.error.message}`]} />
      ) : (
        <>
          <p className="sc-heading-line">
            <CountStatusBadge status={data!.status} /> {data!.location.name} · {data!.scope_label}
            {data!.posted_at && ` · posted ${formatDateTime(data!.posted_at)}${data!.posted_by ? ` by ${data!.posted_by.name}` : ''}`}
          </p>
          <dl className="sc-summary" aria-label="Count totals">
            <div>
              <dt>Counted</dt>
              <dd>
                {data!.summary.counted.toLocaleString()} of {data!.lines.toLocaleString()}
              </dd>
            </div>
            <div>
              <dt>Differences</dt>
              <dd>{data!.summary.with_variance.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Over / short</dt>
              <dd>
                +{data!.summary.over_units} / −{-data!.summary.short_units}
              </dd>
            </div>
            <div>
              <dt>At cost</dt>
              <dd data-testid="variance-value">{formatMoney(data!.summary.variance_value)}</dd>
            </div>
          </dl>
          {open && !admin && <p className="sc-note">An administrator posts the count once it is checked.</p>}
          <div className="card">
            <div className="sc-filters" role="group" aria-label="Filters">
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
              <Spinner label="Loading lines..." />
            ) : lines.isError ? (
              <ErrorBox messages={[`Error loading lines: ${lines.error.message}`]} />
            ) : lines.data.data.length === 0 ? (
              <p className="empty">{show === 'variance' ? 'No differences: every count matches the shelf' : 'No products found'}</p>
            ) : (
              <>
                <DataTable caption="Variances" columns={columns} rows={lines.data.data} rowKey={(line) => line.product.id} rowLabel={(line) => line.product.name} />
                <Pagination page={page} lastPage={lines.data.last_page} onChange={setPage} />
              </>
            )}
          </div>
          {posting && <PostDialog count={data!} onClose={() => setPosting(false)} />}
          {cancelling && (
            <ConfirmDialog
              title={`Cancel ${data!.number}?`}
              message="Nothing is written to the stock, and the products can be counted again in a new count."
              confirmLabel="Cancel Count"
              pending={cancel.isPending}
              onConfirm={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    flash(`${data!.number} cancelled.`);
                    setCancelling(false);
                  },
                  onError: () => setCancelling(false),
                })
              }
              onCancel={() => setCancelling(false)}
            />
          )}
        </>
      )}
    </section>
  );
}
