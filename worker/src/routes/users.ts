import { Hono } from 'hono';
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import { requireStrongPassword } from '../auth/new-password.ts';
import { PgCode, pgErrorCode, type Db } from '../db/port.ts';
import { lookupNamed } from '../db/sql.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { listQuery, optionalFilter, pageOf } from '../http/paging.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { parse, parseId, readBody } from '../http/validate.ts';
import { Where } from '../http/where.ts';
import { one, page } from '../schemas/answers.ts';
import { passwordInput, ROLES, userCreateInput, userRow, userUpdateInput, type User } from '../schemas/users.ts';
import { requireReferences } from './products/core.ts';
import { searchCondition } from './resource.ts';

const NOT_FOUND = 'User not found';
const LAST_ADMIN = 'There must be at least one active administrator.';

/** A user as the API shows it, of `u`. */
export const userColumns = `u.id, u.name, u.email, u.role, u.home_location_id, ${lookupNamed('locations', 'u.home_location_id')} as home_location,
  u.is_active, coalesce(u.locked_until > now(), false) as is_locked, case when u.locked_until > now() then u.locked_until end as locked_until,
  u.must_change_password, u.last_login_at, u.version, u.created_at, u.updated_at`;

export async function showUser(db: Db, id: number | string): Promise<User> {
  const [user] = await db.query<User>(`select ${userColumns} from public.users u where u.id = $1`, [id]);
  if (!user) throw new HttpError(404, NOT_FOUND);
  return user;
}

/** Ends every session of a user, or every one but `keep`. Returns how many ended. */
export async function endSessions(db: Db, userId: number | string, keep: string | null = null): Promise<number> {
  const rows = await db.query(
    `update public.sessions set revoked_at = now()
      where user_id = $1 and revoked_at is null and expires_at > now() and ($2::uuid is null or id <> $2::uuid) returning id`,
    [userId, keep],
  );
  return rows.length;
}

/**
 * Locks the active administrators (in id order, so two changes of them wait for each other) and
 * refuses a change that would leave none: `userId` is losing the role or being disabled.
 */
async function keepAnAdmin(db: Db, userId: string): Promise<void> {
  const admins = await db.query<{ id: number }>(
    `select id from public.users where role = 'admin' and is_active order by id for update`,
  );
  if (admins.length === 1 && Number(admins[0].id) === Number(userId)) throw new HttpError(409, LAST_ADMIN);
}

const homeBranch = (id: number | null) => ({ table: 'locations', id, field: 'home_location_id', message: 'The selected home branch does not exist' });

/** Runs a write that may break the e-mail's uniqueness, answering 422 on the field. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === PgCode.uniqueViolation) {
      const message = 'The email has already been taken.';
      throw new HttpError(422, message, { email: [message] });
    }
    throw error;
  }
}

const usersQuery = listQuery.extend({
  role: optionalFilter(z.enum(ROLES, { error: 'Role must be admin or staff' })),
  active: z.enum(['1', '0', 'true', 'false', ''], { error: 'Active must be 1 or 0' }).optional(),
});

export const userRoutes = new Hono<AppEnv>();

const tag = 'Users';
const oneUser = one(userRow);

userRoutes.get('/', describe({ tag, summary: 'List users', query: usersQuery, ok: page(userRow) }), async (c) => {
  const query = parse(usersQuery, c.req.query());
  const where = new Where().addIf(query.role, 'u.role = ?');
  if (query.active === '1' || query.active === 'true') where.add('u.is_active');
  if (query.active === '0' || query.active === 'false') where.add('not u.is_active');
  if (query.search) where.addOn(query.search, searchCondition(['u.name', 'u.email']));
  return c.json(await pageOf(c.get('db'), { columns: userColumns, from: 'from public.users u', orderBy: 'lower(u.name), u.id' }, where, query));
});

userRoutes.post('/', describe({ tag, summary: 'Add a user', body: userCreateInput, created: oneUser }), async (c) => {
  const input = await readBody(c, userCreateInput);
  const db = c.get('db');
  await requireReferences(db, [homeBranch(input.home_location_id)]);
  requireStrongPassword(input.password, [input.email, input.name]);
  const hash = await hashPassword(input.password, c.get('config').passwords.iterations);
  const [row] = await uniqueEmail(() =>
    db.query<{ id: number }>(
      `insert into public.users (name, email, role, home_location_id, password_hash, must_change_password)
       values ($1, $2, $3, $4, $5, true) returning id`,
      [input.name, input.email, input.role, input.home_location_id, hash],
    ),
  );
  return c.json({ data: await showUser(db, row.id) }, 201);
});

userRoutes.get('/:id', describe({ tag, summary: 'One user', ok: oneUser, etag: true }), async (c) =>
  versioned(c, await showUser(c.get('db'), parseId(c.req.param('id'), NOT_FOUND))),
);

const changeUser = describe({
  tag,
  summary: 'Change a user',
  description: 'Refused (409) when it would leave no active administrator.',
  body: userUpdateInput,
  ok: oneUser,
  errors: [409],
  ifMatch: true,
});

userRoutes.put('/:id', changeUser, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const input = await readBody(c, userUpdateInput);
  const db = c.get('db');
  // The administrators are locked before the user (in id order, as keepAnAdmin does): two demotions
  // at once then wait for each other rather than each holding a row the other needs. When the user
  // is not one of them, no administrator is lost and the check passes.
  if (input.role !== 'admin') await keepAnAdmin(db, id);
  await lockVersion(c, db, { table: 'users', id, notFound: NOT_FOUND });
  await requireReferences(db, [homeBranch(input.home_location_id)]);
  await uniqueEmail(() =>
    db.query('update public.users set name = $2, email = $3, role = $4, home_location_id = $5, updated_at = now() where id = $1', [
      id,
      input.name,
      input.email,
      input.role,
      input.home_location_id,
    ]),
  );
  return versioned(c, await showUser(db, id));
});

const disableUser = describe({
  tag,
  summary: 'Disable a user',
  description: "Ends the user's sessions. Refused (409) for one's own account and for the last active administrator.",
  ok: oneUser,
  errors: [409],
});

userRoutes.post('/:id/disable', disableUser, async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const db = c.get('db');
  const user = c.get('user');
  const target = await showUser(db, id);
  if (Number(id) === user.id) throw new HttpError(409, 'You cannot disable your own account.');
  if (target.role === 'admin') await keepAnAdmin(db, id);
  await db.query('update public.users set is_active = false, updated_at = now() where id = $1', [id]);
  await endSessions(db, id);
  return c.json({ data: await showUser(db, id) });
});

userRoutes.post('/:id/enable', describe({ tag, summary: 'Enable a user', ok: oneUser }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const db = c.get('db');
  await showUser(db, id);
  await db.query('update public.users set is_active = true, updated_at = now() where id = $1', [id]);
  return c.json({ data: await showUser(db, id) });
});

userRoutes.post(
  '/:id/reset-password',
  describe({ tag, summary: "Set a user's password (they choose a new one at sign-in)", body: passwordInput, ok: oneUser }),
  async (c) => {
    const id = parseId(c.req.param('id'), NOT_FOUND);
    const input = await readBody(c, passwordInput);
    const db = c.get('db');
    const target = await showUser(db, id);
    requireStrongPassword(input.password, [target.email, target.name]);
    await db.query(
      `update public.users set password_hash = $2, must_change_password = true, failed_logins = 0, locked_until = null, updated_at = now()
        where id = $1`,
      [id, await hashPassword(input.password, c.get('config').passwords.iterations)],
    );
    await endSessions(db, id);
    await db.query(`select public.audit_record('password reset', 'user', $1, $2)`, [id, target.name]);
    return c.json({ data: await showUser(db, id) });
  },
);

userRoutes.post('/:id/unlock', describe({ tag, summary: 'Unlock a user locked out by failed sign-ins', ok: oneUser }), async (c) => {
  const id = parseId(c.req.param('id'), NOT_FOUND);
  const db = c.get('db');
  const target = await showUser(db, id);
  await db.query('update public.users set failed_logins = 0, locked_until = null, updated_at = now() where id = $1', [id]);
  await db.query(`select public.audit_record('unlocked', 'user', $1, $2)`, [id, target.name]);
  return c.json({ data: await showUser(db, id) });
});
