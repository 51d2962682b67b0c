import { ROLE_LABELS, ROLES, userCreateInput, userUpdateInput, type User } from '@schemas/users';
import type { z } from 'zod';
import { Field } from '../../shared/forms/Field';
import { PasswordStrength } from '../../shared/forms/PasswordStrength';
import { FormCard, useFormState } from '../../shared/forms/FormCard';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { SelectField } from '../../shared/ui/SelectField';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface SaveProps<S extends z.ZodType> {
  pending: boolean;
  error: Error | null;
  cancelTo: string;
  onSubmit: (input: z.output<S>) => void;
}

function AccountFields({ bind }: { bind: ReturnType<typeof useFormState>['bind'] }) {
  return (
    <>
      <Field {...bind('name')} label="Name" required autoComplete="off" />
      <Field {...bind('email')} label="Email" type="email" required autoComplete="off" />
      <SelectField {...bind('role')} label="Role" options={ROLE_OPTIONS} required />
      <LookupSelect
        {...bind('home_location_id')}
        path="locations"
        label="Home Branch"
        placeholder="No home branch"
        empty="No branches yet"
        hint="Where their documents and stock changes start."
      />
    </>
  );
}

export function UserCreateForm({ pending, error, cancelTo, onSubmit }: SaveProps<typeof userCreateInput>) {
  const form = useFormState(
    userCreateInput,
    { name: '', email: '', role: 'staff', home_location_id: '', password: '', password_confirmation: '' },
    { error, failureMessage: 'Error creating user. Please try again.', onSubmit },
  );
  return (
    <FormCard onSubmit={form.submit} messages={form.messages} submitLabel="Create User" pending={pending} cancelTo={cancelTo}>
      <AccountFields bind={form.bind} />
      <Field
        {...form.bind('password')}
        label="First password"
        type="password"
        required
        autoComplete="new-password"
        after={<PasswordStrength password={String(form.values.password ?? '')} personal={[String(form.values.email ?? ''), String(form.values.name ?? '')]} quiet={Boolean(form.bind('password').errors?.length)} />}
      />
      <Field {...form.bind('password_confirmation')} label="Confirm password" type="password" required autoComplete="new-password" />
      <p className="field-wide field-hint">They choose their own password the first time they sign in.</p>
    </FormCard>
  );
}

export function UserEditForm({ user, pending, error, cancelTo, onSubmit, onReload }: SaveProps<typeof userUpdateInput> & { user: User; onReload?: () => void }) {
  const form = useFormState(
    userUpdateInput,
    { name: user.name, email: user.email, role: user.role, home_location_id: user.home_location_id ? String(user.home_location_id) : '' },
    { error, failureMessage: 'Error updating user. Please try again.', onSubmit },
  );
  return (
    <FormCard onSubmit={form.submit} messages={form.messages} submitLabel="Update User" pending={pending} cancelTo={cancelTo} onReload={onReload}>
      <AccountFields bind={form.bind} />
    </FormCard>
  );
}
