import { useState } from 'react';
import { passwordInput, type User } from '@schemas/users';
import { isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/AuthContext';
import { Field } from '../../shared/forms/Field';
import { PasswordStrength } from '../../shared/forms/PasswordStrength';
import { useFormState } from '../../shared/forms/FormCard';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useFlash } from '../../shared/ui/Flash';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useUserMutations, type UserAction } from './api';

const DONE: Record<UserAction, (user: User) => string> = {
  disable: (user) => `${user.name} is disabled and signed out.`,
  enable: (user) => `${user.name} can sign in again.`,
  unlock: (user) => `${user.name} is unlocked.`,
};

const FAILED: Record<UserAction, string> = {
  disable: 'Could not disable the user. Please try again.',
  enable: 'Could not enable the user. Please try again.',
  unlock: 'Could not unlock the user. Please try again.',
};

/** The server's own words for a refusal (the last administrator, your own account), else `fallback`. */
function refusal(error: Error, fallback: string): string {
  return isApiError(error) && [403, 404, 409].includes(error.status) && error.message ? error.message : fallback;
}

/** Disable (asks first), enable, unlock and reset a password, from a list row or a user's page. */
export function useUserActions() {
  const { user: me } = useAuth();
  const flash = useFlash();
  const { act, resetPassword } = useUserMutations();
  const [disabling, setDisabling] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (user: User, action: UserAction) => {
    setError(null);
    act.mutate(
      { id: user.id, action },
      {
        onSuccess: (saved) => flash(DONE[action](saved)),
        onError: (failure) => setError(refusal(failure, FAILED[action])),
        onSettled: () => setDisabling(null),
      },
    );
  };

  /** `withReset`: also Reset Password (the user's page; a list row keeps to the quick actions). */
  const buttons = (user: User, withReset = true) => (
    <>
      {user.is_locked && (
        <button type="button" className="btn btn-small btn-secondary" disabled={act.isPending} onClick={() => run(user, 'unlock')}>
          Unlock
        </button>
      )}
      {withReset && (
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => {
            setError(null);
            resetPassword.reset();
            setResetting(user);
          }}
        >
          Reset Password
        </button>
      )}
      {user.is_active
        ? user.id !== me?.id && (
            <button
              type="button"
              className="btn btn-small btn-danger-outline"
              onClick={() => {
                setError(null);
                setDisabling(user);
              }}
            >
              Disable
            </button>
          )
        : (
            <button type="button" className="btn btn-small btn-secondary" disabled={act.isPending} onClick={() => run(user, 'enable')}>
              Enable
            </button>
          )}
    </>
  );

  const dialogs = (
    <>
      {disabling && (
        <ConfirmDialog
          title="Disable User"
          message={`Disable ${disabling.name}? They are signed out at once and cannot sign in until an administrator enables the account again.`}
          confirmLabel="Disable"
          pending={act.isPending}
          onConfirm={() => run(disabling, 'disable')}
          onCancel={() => setDisabling(null)}
        />
      )}
      {resetting && (
        <ResetPasswordDialog
          user={resetting}
          pending={resetPassword.isPending}
          error={resetPassword.error}
          onSubmit={(input) =>
            resetPassword.mutate(
              { id: resetting.id, input },
              {
                onSuccess: (saved) => {
                  setResetting(null);
                  flash(`Password reset. ${saved.name} chooses a new one at the next sign-in.`);
                },
              },
            )
          }
          onClose={() => setResetting(null)}
        />
      )}
    </>
  );

  return { buttons, dialogs, error };
}

interface ResetPasswordDialogProps {
  user: User;
  pending: boolean;
  error: Error | null;
  onSubmit: (input: { password: string; password_confirmation: string }) => void;
  onClose: () => void;
}

function ResetPasswordDialog({ user, pending, error, onSubmit, onClose }: ResetPasswordDialogProps) {
  const form = useFormState(passwordInput, { password: '', password_confirmation: '' }, {
    error,
    failureMessage: 'Could not reset the password. Please try again.',
    onSubmit,
  });
  return (
    <FormDialog title={`Reset Password: ${user.name}`} submitLabel="Reset Password" pending={pending} errors={form.messages} onSubmit={form.submit} onClose={onClose}>
      <p className="field-wide">They are signed out everywhere and choose their own password at the next sign-in.</p>
      <Field
        {...form.bind('password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        after={<PasswordStrength password={String(form.values.password ?? '')} personal={[user.email, user.name]} quiet={Boolean(form.bind('password').errors?.length)} />}
      />
      <Field {...form.bind('password_confirmation')} label="Confirm new password" type="password" autoComplete="new-password" required />
    </FormDialog>
  );
}
