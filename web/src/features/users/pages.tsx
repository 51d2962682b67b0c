import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import type { AuditEvent } from '@schemas/audit';
import type { Page } from '@schemas/paging';
import type { User } from '@schemas/users';
import { api, isApiError } from '../../shared/api/client';
import { EventItem } from '../../shared/audit/EventItem';
import { useAuth } from '../../shared/auth/AuthContext';
import { DetailList } from '../../shared/ui/DetailList';
import { formatDateTime } from '../../shared/ui/dates';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useOpenedRecord } from '../../shared/records/useOpenedRecord';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { userQueries, useUserMutations } from './api';
import { roleLabel, UserStatus } from './labels';
import { useUserActions } from './UserActions';
import { UserCreateForm, UserEditForm } from './UserForm';

const LIST = '/settings/users';

function UserLoadFailure({ error }: { error: Error }) {
  if (!isApiError(error, 404)) return <ErrorBox messages={[`Error loading user: ${error.message}`]} />;
  return (
    <div className="card notice">
      <p>User not found</p>
      <Link to={LIST} className="btn btn-secondary">
        Back to Users
      </Link>
    </div>
  );
}

export function UserCreatePage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const { create } = useUserMutations();
  return (
    <section>
      <PageHeader title="Add User" />
      <UserCreateForm
        pending={create.isPending}
        error={create.error}
        cancelTo={LIST}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (user) => {
              flash(`User created. ${user.name} chooses a new password at the first sign-in.`, LIST);
              navigate(LIST);
            },
          })
        }
      />
    </section>
  );
}

export function UserEditPage() {
  const { id = '' } = useParams();
  const user = useQuery(userQueries.detail(id));
  return (
    <section>
      <PageHeader title="Edit User" />
      {user.isPending ? (
        <Spinner label="Loading user..." />
      ) : user.isError ? (
        <UserLoadFailure error={user.error} />
      ) : (
        <OpenedUser user={user.data} />
      )}
    </section>
  );
}

/** The user as the form opened them: a save is refused (412) if someone changed them since. */
function OpenedUser({ user }: { user: User }) {
  const { user: me, updateUser } = useAuth();
  const navigate = useNavigate();
  const flash = useFlash();
  const { update } = useUserMutations();
  const { opened, formKey, onReload } = useOpenedRecord(user, userQueries.detail(user.id), update);
  const backTo = `${LIST}/${user.id}`;
  return (
    <UserEditForm
      key={formKey}
      user={opened}
      pending={update.isPending}
      error={update.error}
      cancelTo={backTo}
      onReload={onReload}
      onSubmit={(input) =>
        update.mutate(
          { id: opened.id, input, version: opened.version },
          {
            onSuccess: (saved) => {
              if (saved.id === me?.id) {
                const { name, email, role, home_location_id, home_location } = saved;
                updateUser({ name, email, role, home_location_id, home_location });
              }
              const next = saved.id === me?.id && saved.role !== 'admin' ? '/' : backTo;
              flash('User updated successfully!', next);
              navigate(next);
            },
          },
        )
      }
    />
  );
}

function RecentActivity({ userId }: { userId: number }) {
  const events = useQuery({
    queryKey: ['audit-events', 'list', { user_id: userId, page: 1, per_page: 10 }],
    queryFn: ({ signal }) => api.get<Page<AuditEvent>>('/audit-events', { params: { user_id: userId, per_page: 10 }, signal }),
  });
  return (
    <div className="card user-activity">
      <header className="page-header">
        <h2 className="form-title">Recent Activity</h2>
        <Link to={`/settings/audit?user_id=${userId}`} className="btn btn-small btn-secondary">
          Open in Audit Trail
        </Link>
      </header>
      {events.isPending ? (
        <Spinner label="Loading activity..." />
      ) : events.isError ? (
        <ErrorBox messages={[`Error loading activity: ${events.error.message}`]} />
      ) : events.data.data.length ? (
        <ul className="event-list">
          {events.data.data.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ul>
      ) : (
        <p className="empty">Nothing recorded yet</p>
      )}
    </div>
  );
}

export function UserDetailPage() {
  const { id = '' } = useParams();
  const user = useQuery(userQueries.detail(id));
  const actions = useUserActions();
  return (
    <section>
      <PageHeader
        title={user.data?.name ?? 'User'}
        actions={
          <>
            <Link to={LIST} className="btn btn-secondary">
              Back to Users
            </Link>
            {user.data && (
              <Link to={`${LIST}/${id}/edit`} className="btn btn-primary">
                Edit
              </Link>
            )}
          </>
        }
      />
      {user.isPending ? (
        <Spinner label="Loading user..." />
      ) : user.isError ? (
        <UserLoadFailure error={user.error} />
      ) : (
        <>
          <div className="card">
            {actions.error && <ErrorBox messages={[actions.error]} />}
            <DetailList
              items={[
                { label: 'Name', value: user.data.name },
                { label: 'Email', value: user.data.email },
                { label: 'Role', value: roleLabel(user.data) },
                { label: 'Home Branch', value: user.data.home_location?.name },
                { label: 'Status', value: <UserStatus user={user.data} /> },
                ...(user.data.is_locked ? [{ label: 'Locked Until', value: formatDateTime(user.data.locked_until) }] : []),
                { label: 'Last Sign-in', value: user.data.last_login_at ? formatDateTime(user.data.last_login_at) : 'Never' },
                { label: 'Created', value: formatDateTime(user.data.created_at) },
              ]}
            />
            <div className="user-detail-actions">{actions.buttons(user.data)}</div>
          </div>
          <RecentActivity userId={user.data.id} />
        </>
      )}
      {actions.dialogs}
    </section>
  );
}
export { UserListPage } from './UserListPage';
