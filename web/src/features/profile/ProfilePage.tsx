import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { profileInput, profilePasswordInput, ROLE_LABELS, type UserSession } from '@schemas/users';
import { isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/AuthContext';
import { Field } from '../../shared/forms/Field';
import { PasswordStrength } from '../../shared/forms/PasswordStrength';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DataTable } from '../../shared/ui/DataTable';
import { formatDateTime } from '../../shared/ui/dates';
import { DetailList } from '../../shared/ui/DetailList';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { profileQueries, useProfileMutations } from './api';
import './profile.css';

function DetailsForm() {
  const { user, updateUser } = useAuth();
  const flash = useFlash();
  const { update } = useProfileMutations();
  const form = useFormState(profileInput, { name: user?.name ?? '' }, {
    error: update.error,
    failureMessage: 'Could not save your name. Please try again.',
    onSubmit: (input) =>
      update.mutate(input, {
        onSuccess: (saved) => {
          updateUser({ name: saved.name });
          flash('Your name is saved.');
        },
      }),
  });
  if (!user) return null;
  return (
    <FormCard title="Your Details" onSubmit={form.submit} messages={form.messages} submitLabel="Save Name" pending={update.isPending}>
      <Field {...form.bind('name')} label="Name" required autoComplete="name" />
      <div className="field-wide">
        <DetailList
          items={[
            { label: 'Email', value: user.email },
            { label: 'Role', value: ROLE_LABELS[user.role] },
            { label: 'Home Branch', value: user.home_location?.name },
          ]}
        />
      </div>
    </FormCard>
  );
}

const EMPTY_PASSWORDS = { current_password: '', password: '', password_confirmation: '' };

function PasswordForm({ forced, onChanged }: { forced: boolean; onChanged: () => void }) {
  const { user } = useAuth();
  const { changePassword } = useProfileMutations();
  const form = useFormState(profilePasswordInput, EMPTY_PASSWORDS, {
    error: changePassword.error,
    failureMessage: 'Could not change your password. Please try again.',
    onSubmit: (input) => changePassword.mutate(input, { onSuccess: onChanged }),
  });
  return (
    <FormCard
      title={forced ? 'Choose a New Password' : 'Change Password'}
      onSubmit={form.submit}
      messages={form.messages}
      submitLabel="Change Password"
      pending={changePassword.isPending}
    >
      <Field {...form.bind('current_password')} label="Current password" type="password" required autoComplete="current-password" />
      <Field
        {...form.bind('password')}
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        after={<PasswordStrength password={String(form.values.password ?? '')} personal={[user?.email, user?.name]} quiet={Boolean(form.bind('password').errors?.length)} />}
      />
      <Field {...form.bind('password_confirmation')} label="Confirm new password" type="password" required autoComplete="new-password" />
      <p className="field-wide field-hint">At least 8 characters, not easy to guess. Your other devices are signed out when it changes.</p>
    </FormCard>
  );
}

type Asking = { kind: 'one'; session: UserSession } | { kind: 'others' } | null;

function Sessions() {
  const flash = useFlash();
  const sessions = useQuery(profileQueries.sessions());
  const { signOutSession, signOutOthers } = useProfileMutations();
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const failed = (failure: Error) =>
    setError(isApiError(failure, 404) && failure.message ? failure.message : 'Could not sign that session out. Please try again.');

  const confirm = () => {
    if (!asking) return;
    setError(null);
    if (asking.kind === 'one') {
      signOutSession.mutate(asking.session.id, {
        onSuccess: () => flash(`${asking.session.device} is signed out.`),
        onError: failed,
        onSettled: () => setAsking(null),
      });
    } else {
      signOutOthers.mutate(undefined, {
        onSuccess: ({ signed_out }) => flash(signed_out === 1 ? '1 other session is signed out.' : `${signed_out} other sessions are signed out.`),
        onError: failed,
        onSettled: () => setAsking(null),
      });
    }
  };

  return (
    <div className="card">
      <header className="profile-card-head">
        <h2 className="form-title">Active Sessions</h2>
        {others > 0 && (
          <button type="button" className="btn btn-small btn-danger-outline" onClick={() => setAsking({ kind: 'others' })}>
            Sign out of all other sessions
          </button>
        )}
      </header>
      {error && <ErrorBox messages={[error]} />}
      {sessions.isPending ? (
        <Spinner label="Loading sessions..." />
      ) : sessions.isError ? (
        <ErrorBox messages={[`Error loading sessions: ${sessions.error.message}`]} />
      ) : !sessions.data.length ? (
        <p className="empty">No active sessions</p>
      ) : (
        <DataTable
          caption="Active sessions"
          rows={[...sessions.data].sort((a, b) => Number(b.current) - Number(a.current))}
          rowKey={(session) => session.id}
          rowLabel={(session) => (session.current ? `${session.device} (this device)` : session.device)}
          columns={[
            {
              header: 'Device',
              cell: (session) => (
                <>
                  {session.device}
                  {session.current && <span className="badge profile-this-device">This device</span>}
                </>
              ),
            },
            { header: 'Signed In', cell: (session) => formatDateTime(session.created_at), className: 'cell-nowrap' },
            { header: 'Last Seen', cell: (session) => formatDateTime(session.last_seen_at), className: 'cell-nowrap' },
          ]}
          actions={
            others === 0
              ? undefined
              : (session) =>
                  session.current ? null : (
                    <button type="button" className="btn btn-small btn-secondary" onClick={() => setAsking({ kind: 'one', session })}>
                      Sign out
                    </button>
                  )
          }
        />
      )}
      {asking && (
        <ConfirmDialog
          title={asking.kind === 'one' ? 'Sign Out Session' : 'Sign Out Other Sessions'}
          message={
            asking.kind === 'one'
              ? `Sign out ${asking.session.device}, signed in ${formatDateTime(asking.session.created_at)}?`
              : 'Sign out every session except this one? Those devices will have to sign in again.'
          }
          confirmLabel="Sign out"
          pending={signOutSession.isPending || signOutOthers.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}

/** /profile: your name, your password (first of all when it must change), and where you are signed in. */
export function ProfilePage() {
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const flash = useFlash();
  const [passwordForm, setPasswordForm] = useState(0);
  const forced = Boolean(user?.must_change_password);

  const changed = async () => {
    try {
      await refreshUser();
    } catch {
      // The next screen reads the session again if this read failed.
    }
    if (forced) {
      flash('Your password is changed.', '/');
      navigate('/', { replace: true });
    } else {
      flash('Your password is changed. Your other sessions are signed out.');
      setPasswordForm((value) => value + 1);
    }
  };

  return (
    <section className="profile">
      <PageHeader title="My Profile" />
      {forced && (
        <div className="card notice profile-forced" role="alert">
          <p>
            <strong>Choose a new password before you continue.</strong>
          </p>
          <p>Type the password you were given, then a new one that only you know.</p>
        </div>
      )}
      {!forced && <DetailsForm />}
      <PasswordForm key={passwordForm} forced={forced} onChanged={changed} />
      <Sessions />
    </section>
  );
}
