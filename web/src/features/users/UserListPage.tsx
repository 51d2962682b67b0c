import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { useAuth } from '../../shared/auth/AuthContext';
import { useListSearch } from '../../shared/hooks/useListSearch';
import { usePageInRange } from '../../shared/records/listHooks';
import { UpdatingHint } from '../../shared/records/RecordTable';
import { DataTable } from '../../shared/ui/DataTable';
import { formatDateTime } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { SearchBox } from '../../shared/ui/SearchBox';
import { Spinner } from '../../shared/ui/Spinner';
import { userQueries } from './api';
import { roleLabel, UserStatus } from './labels';
import { useUserActions } from './UserActions';

/** /settings/users: the shop's sign-ins, searched and paged, with their actions. */
export function UserListPage() {
  const { user: me } = useAuth();
  const { text, setText, search, page, setPage } = useListSearch();
  const list = useQuery({ ...userQueries.list(search, page), placeholderData: keepPreviousData });
  const actions = useUserActions();
  usePageInRange(list.data, page, setPage);

  return (
    <section>
      <PageHeader
        title="Users"
        actions={
          <Link to="/settings/users/create" className="btn btn-primary">
            Add User
          </Link>
        }
      />
      <div className="card user-list">
        <div className="toolbar">
          <SearchBox value={text} onChange={setText} placeholder="Search by name or email" label="Search users" />
          <UpdatingHint list={list} />
        </div>
        {actions.error && <ErrorBox messages={[actions.error]} />}
        {list.isPending ? (
          <Spinner label="Loading users..." />
        ) : list.isError ? (
          <ErrorBox messages={[`Error loading users: ${list.error.message}`]} />
        ) : !list.data.data.length ? (
          <p className="empty">{search ? 'No users match your search' : 'No users found'}</p>
        ) : (
          <>
            <DataTable
              caption="Users"
              rows={list.data.data}
              rowKey={(user) => user.id}
              rowLabel={(user) => user.name}
              columns={[
                {
                  header: 'Name',
                  cell: (user) => (
                    <>
                      <Link to={`/settings/users/${user.id}`}>{user.name}</Link>
                      {user.id === me?.id && <span className="user-you">(you)</span>}
                      <span className="user-email">{user.email}</span>
                    </>
                  ),
                  className: 'user-name-cell',
                },
                { header: 'Role', cell: roleLabel },
                { header: 'Home Branch', cell: (user) => user.home_location?.name },
                { header: 'Status', cell: (user) => <UserStatus user={user} /> },
                { header: 'Last Sign-in', cell: (user) => (user.last_login_at ? formatDateTime(user.last_login_at) : 'Never'), className: 'cell-nowrap' },
              ]}
              actions={(user) => (
                <>
                  <Link to={`/settings/users/${user.id}/edit`} className="btn btn-small btn-secondary">
                    Edit
                  </Link>
                  {actions.buttons(user, false)}
                </>
              )}
            />
            <Pagination page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
          </>
        )}
      </div>
      {actions.dialogs}
    </section>
  );
}
