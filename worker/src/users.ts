import { hashPassword } from './auth/password.ts';
import type { Db } from './db/port.ts';

export interface UserSpec {
  email: string;
  password: string;
  name?: string;
  role?: 'admin' | 'staff';
}

export const MIN_PASSWORD_LENGTH = 8;

/** Creates the user, or resets the password (and unlocks) of the one with that e-mail. */
export async function upsertUser(db: Db, spec: UserSpec, iterations: number): Promise<'created' | 'updated'> {
  const email = spec.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`"${email}" is not an e-mail address`);
  if (spec.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const hash = await hashPassword(spec.password, iterations);
  const [existing] = await db.query<{ id: number }>('select id from public.users where lower(email) = lower($1)', [email]);
  if (existing) {
    await db.query(
      `update public.users
          set password_hash = $2, name = coalesce($3, name), role = coalesce($4, role),
              is_active = true, failed_logins = 0, locked_until = null, updated_at = now()
        where id = $1`,
      [existing.id, hash, spec.name ?? null, spec.role ?? null],
    );
    return 'updated';
  }
  await db.query('insert into public.users (name, email, role, password_hash) values ($1, $2, $3, $4)', [
    spec.name ?? email.split('@')[0],
    email,
    spec.role ?? 'staff',
    hash,
  ]);
  return 'created';
}

export async function userCount(db: Db): Promise<number> {
  const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from public.users');
  return count;
}
