import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { usePermissions } from '../../shared/auth/permissions';
import { ALL_BRANCHES, BranchFilter, useBranchFilterDefault, useBranchName, useHomeBranch } from '../../shared/branches/BranchSelect';
import { Field } from '../../shared/forms/Field';
import { useUrlFilters } from '../../shared/hooks/useUrlFilters';
import { usePageInRange, useRecordDeletion } from '../../shared/records/listHooks';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { listParams, useDocumentMutations } from './api';
import { DocumentList } from './DocumentList';
import { capitalized, numberOf, partyLabel, type ListKind, type TradingDocument } from './kind';
import { PAYMENT_STATUSES } from '@schemas/document-statuses';

const noRowActions = () => ({ button: () => null, error: null, node: null });

/** Which branch the list shows, in words, with one click to every branch (or back to the user's own). */
function BranchScope({ plural, value, onChange }: { plural: string; value: string; onChange: (value: string) => void }) {
  const home = useHomeBranch();
  const shown = useBranchName(value);
  const homeName = useBranchName(home);
  const all = value === ALL_BRANCHES || value === '';
  return (
    <p className="doc-list-scope">
      {all ? (
        <span>Showing {plural} at all branches.</span>
      ) : (
        <span>
          Showing {plural} at <strong>{shown ?? 'one branch'}</strong>.
        </span>
      )}
      {!all ? (
        <button type="button" className="btn btn-small btn-secondary" onClick={() => onChange(ALL_BRANCHES)}>
          Show all branches
        </button>
      ) : (
        home &&
        homeName && (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => onChange(home)}>
            Only {homeName}
          </button>
        )
      )}
    </p>
  );
}

/** /invoices: filters, the page of documents, View, the kind's row buttons, Edit, Delete. */
export function DocumentListPage<D extends TradingDocument>({ kind }: { kind: ListKind<D> }) {
  const party = partyLabel(kind.mode);
  const partyFilter = party.toLowerCase();
  const filters = useUrlFilters([partyFilter, 'location_id', ...kind.filters], { location_id: useBranchFilterDefault() });
  const { applied, form, setFormField, page, setPage } = filters;
  const list = useQuery(kind.queries.list(listParams(applied), page));
  const can = usePermissions();
  const { remove } = useDocumentMutations<D>(kind.queries);
  const plural = `${kind.noun}s`;
  const deletion = useRecordDeletion(remove, {
    deleteTitle: `Delete ${kind.name}`,
    deleteConfirm: `Are you sure you want to delete this ${kind.noun}?`,
    deleteFailed: `Error deleting ${kind.noun}. Please try again.`,
    deleted: `${capitalized(kind.noun)} deleted successfully!`,
  });
  const rowActions = (kind.useRowActions ?? noRowActions)();
  usePageInRange(list.data, page, setPage);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filters.apply();
  };
  const bind = (name: string) => ({ name, value: form[name], onChange: (value: string) => setFormField(name, value) });
  const statusOptions = (statuses: readonly string[]) => statuses.map((status) => ({ value: status, label: status }));
  const error = deletion.error ?? rowActions.error;

  return (
    <section>
      <PageHeader
        title={kind.listTitle}
        actions={
          kind.newTitle && (
            <Link to={`/${kind.path}/create`} className="btn btn-primary">
              {kind.newTitle}
            </Link>
          )
        }
      />
      <div className={kind.listClassName ? `card ${kind.listClassName}` : 'card'}>
        <form className="doc-filters" onSubmit={submit} role="search" aria-label={`Filter ${plural}`}>
          <Field {...bind(partyFilter)} label={party} inputProps={{ placeholder: `${party} name` }} />
          <BranchFilter value={form.location_id} onChange={(value) => setFormField('location_id', value)} />
          {kind.filters.map((filter) => {
            switch (filter) {
              case 'status':
                return <SelectField key={filter} {...bind(filter)} label="Status" placeholder="All" options={statusOptions(kind.statuses)} />;
              case 'payment_status':
                return <SelectField key={filter} {...bind(filter)} label="Payment Status" placeholder="All" options={statusOptions(PAYMENT_STATUSES)} />;
              case 'dateFrom':
                return <Field key={filter} {...bind(filter)} label="From Date" type="date" />;
              case 'dateTo':
                return <Field key={filter} {...bind(filter)} label="To Date" type="date" />;
              case 'overdue':
                return (
                  <CheckboxField
                    key={filter}
                    name={filter}
                    label="Overdue Only"
                    checked={form.overdue === '1'}
                    onChange={(checked) => setFormField(filter, checked ? '1' : '')}
                  />
                );
            }
          })}
          <div className="doc-filters-submit">
            <button type="submit" className="btn btn-primary">
              Filter
            </button>
          </div>
        </form>
        <BranchScope plural={plural} value={applied.location_id} onChange={(value) => filters.applyField('location_id', value)} />
        {error && <ErrorBox messages={[error]} />}
        <DocumentList
          list={list}
          caption={capitalized(plural)}
          loadError={`Error loading ${plural}: {message}`}
          empty={`No ${plural} found`}
          onPage={setPage}
          rowLabel={(document) => `${capitalized(kind.noun)} ${numberOf(document)} ${kind.party(document)?.name ?? ''}`.trim()}
          rowClassName={kind.rowClassName}
          columns={kind.columns}
          actions={(document) => (
            <>
              <Link to={`/${kind.path}/${document.id}`} className="btn btn-small btn-secondary">
                View
              </Link>
              {rowActions.button(document)}
              {kind.canEdit(document) && (
                <Link to={`/${kind.path}/${document.id}/edit`} className="btn btn-small btn-secondary">
                  Edit
                </Link>
              )}
              {kind.canDelete(document) && can.deleteDocument(kind.mode, document) && (
                <button type="button" className="btn btn-small btn-danger-outline" onClick={() => deletion.ask(document.id)}>
                  Delete
                </button>
              )}
            </>
          )}
        />
      </div>
      {deletion.dialog}
      {rowActions.node}
    </section>
  );
}
