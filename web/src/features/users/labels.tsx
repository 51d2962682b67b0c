import { ROLE_LABELS, type User } from '@schemas/users';
import './users.css';

export const roleLabel = (user: Pick<User, 'role'>) => ROLE_LABELS[user.role] ?? user.role;

/** Active or disabled, and locked out after failed sign-ins. */
export function UserStatus({ user }: { user: User }) {
  return (
    <span className="user-status">
      <span className={user.is_active ? 'badge badge-green' : 'badge badge-gray'}>{user.is_active ? 'Active' : 'Disabled'}</span>
      {user.is_locked && <span className="badge badge-red">Locked</span>}
      {user.must_change_password && <span className="badge badge-yellow">New password due</span>}
    </span>
  );
}
