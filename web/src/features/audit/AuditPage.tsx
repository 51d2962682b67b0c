import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES, type AuditEvent } from '@schemas/audit';
import { ChangeList } from '../../shared/audit/ChangeList';
import { actionLabel, recordPath, recordText } from '../../shared/audit/events';
import { useUrlFilters } from '../../shared/hooks/useUrlFilters';
import { Field } from '../../shared/forms/Field';
import { usePageInRange } from '../../shared/records/listHooks';
import { UpdatingHint } from '../../shared/records/RecordTable';
import { DataTable } from '../../shared/ui/DataTable';
import { formatDateTime } from '../../shared/ui/dates';
import { saveFile } from '../../shared/ui/download';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { AUDIT_FILTERS, auditQueries, exportAuditEvents } from './api';
import './audit.css';

const RECORD_TYPE_OPTIONS = Object.entries(AUDIT_RECORD_TYPES).map(([value, label]) => ({ value, label }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }));

function RecordLink({ type, id, label, productKind }: { type: AuditEvent['record_type']; id: number | null; label: string | null; productKind?: AuditEvent['product_kind'] }) {
  const text = recordText(type, label, id);
  const to = type === 'user' && id !== null ? `/settings/users/${id}` : recordPath(type, id, productKind ?? undefined);
  return to ? <Link to={to}>{text}</Link> : <>{text}</>;
}

function RecordCell({ event }: { event: AuditEvent }) {
  return (
    <div className="audit-record">
      <RecordLink type={event.record_type} id={event.record_id} label={event.record_label} productKind={event.product_kind} />
      {event.related_type && (
        <span className="audit-related">
          {' for '}
          <RecordLink type={event.related_type} id={event.related_id} label={event.related_label} />
        </span>
      )}
      <ChangeList changes={event.changes} />
    </div>
  );
}

function useExport() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (filters: Parameters<typeof exportAuditEvents>[0]) => {
    setPending(true);
    setError(null);
    try {
      const file = await exportAuditEvents(filters);
      saveFile(file, `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? `Could not export the audit trail: ${failure.message}` : 'Could not export the audit trail.');
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error };
}

/** /settings/audit: who did what and when, filtered in the address, paged, and exported as CSV. */
export function AuditPage() {
  const filters = useUrlFilters(AUDIT_FILTERS);
  const { applied, form, setFormField, page, setPage } = filters;
  const list = useQuery({ ...auditQueries.list(applied, page), placeholderData: keepPreviousData });
  const users = useQuery(auditQueries.users());
  const csv = useExport();
  usePageInRange(list.data, page, setPage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filters.apply();
  };
  const filtered = AUDIT_FILTERS.some((name) => applied[name]);

  return (
    <section>
      <PageHeader
        title="Audit Trail"
        actions={
          <button type="button" className="btn btn-secondary" disabled={csv.pending} aria-busy={csv.pending} onClick={() => void csv.run(applied)}>
            {csv.pending ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      <div className="card">
        <form className="audit-filters" onSubmit={submit} role="search" aria-label="Filter the audit trail">
          <SelectField
            name="user_id"
            label="User"
            value={form.user_id}
            onChange={(value) => setFormField('user_id', value)}
            placeholder={users.isError ? 'All (could not load users)' : 'All users'}
            options={(users.data?.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
          />
          <SelectField
            name="record_type"
            label="Record Type"
            value={form.record_type}
            onChange={(value) => setFormField('record_type', value)}
            placeholder="All records"
            options={RECORD_TYPE_OPTIONS}
          />
          <SelectField name="action" label="Action" value={form.action} onChange={(value) => setFormField('action', value)} placeholder="All actions" options={ACTION_OPTIONS} />
          <Field name="date_from" label="From Date" type="date" value={form.date_from} onChange={(value) => setFormField('date_from', value)} />
          <Field name="date_to" label="To Date" type="date" value={form.date_to} onChange={(value) => setFormField('date_to', value)} />
          <div className="audit-filters-submit">
            <button type="submit" className="btn btn-primary">
              Filter
            </button>
            {filtered && (
              <Link to="/settings/audit" className="btn btn-secondary">
                Clear
              </Link>
            )}
          </div>
        </form>
        {csv.error && <ErrorBox messages={[csv.error]} />}
        <div className="toolbar audit-toolbar">
          {list.data && (
            <span className="audit-count">
              {list.data.total === 1 ? '1 event' : `${list.data.total.toLocaleString('en-US')}${list.data.total_capped ? '+' : ''} events`}
            </span>
          )}
          <UpdatingHint list={list} />
        </div>
        {list.isPending ? (
          <Spinner label="Loading the audit trail..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading the audit trail: ${list.error.message}`]} />
        ) : !list.data.data.length ? (
          <p className="empty">{filtered ? 'No events match these filters' : 'Nothing has been recorded yet'}</p>
        ) : (
          <>
            <DataTable
              caption="Audit trail"
              rows={list.data.data}
              rowKey={(event) => event.id}
              rowLabel={(event) => `${actionLabel(event.action)} ${recordText(event.record_type, event.record_label, event.record_id)}`}
              columns={[
                { header: 'When', cell: (event) => <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>, className: 'cell-nowrap' },
                { header: 'User', cell: (event) => event.user?.name ?? 'System' },
                { header: 'Branch', cell: (event) => event.location?.name },
                { header: 'Action', cell: (event) => actionLabel(event.action), className: 'cell-nowrap' },
                { header: 'Record', cell: (event) => <RecordCell event={event} />, className: 'audit-record-cell' },
              ]}
            />
            <Pagination page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
