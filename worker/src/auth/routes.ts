import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError, unauthenticated } from '../http/errors.ts';
import { describe } from '../http/openapi.ts';
import { ID_PATTERN, readBody } from '../http/validate.ts';
import { one } from '../schemas/answers.ts';
import { loginAnswer, loginInput, sessionUser, type SessionUser } from '../schemas/auth.ts';
import { lookupNamed } from '../db/sql.ts';
import { setActor } from './actor.ts';
import { signToken, verifyToken } from './jwt.ts';
import { spendPasswordCheck, verifyPassword } from './password.ts';

const INVALID = 'These credentials do not match our records.';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lockedMessage(minutes: number): string {
  const wait = Math.max(1, Math.ceil(minutes));
  return `Too many failed sign-in attempts. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`;
}

/** The session user's columns besides id, name, e-mail and role, of `u`, the users row. */
const SESSION_USER_COLUMNS = `u.home_location_id, u.must_change_password, ${lookupNamed('locations', 'u.home_location_id')} as home_location`;

function sessionUserOf(row: SessionUser): SessionUser {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    home_location_id: row.home_location_id === null ? null : Number(row.home_location_id),
    home_location: row.home_location,
    must_change_password: row.must_change_password,
  };
}

interface UserRow extends SessionUser {
  password_hash: string;
  is_active: boolean;
  locked_minutes: number | null;
}

export const authRoutes = new Hono<AppEnv>();

const tag = 'Sessions';

/**
 * Public, so every refusal it lists is its own: 401 for wrong credentials, 403 for a disabled account
 * given its right password, 429 while the account is locked (or as this attempt locks it).
 */
const signIn = describe({
  tag,
  summary: 'Sign in',
  description: 'Answers a bearer token for the other routes. Failed attempts slow down, then lock the account for a while (429).',
  body: loginInput,
  ok: loginAnswer,
  errors: [401, 403, 429],
});

authRoutes.post('/login', signIn, async (c) => {
  const db = c.get('db');
  const config = c.get('config');
  const input = await readBody(c, loginInput);
  const [user] = await db.query<UserRow>(
    `select u.id, u.name, u.email, u.role, u.password_hash, u.is_active, ${SESSION_USER_COLUMNS},
            case when u.locked_until > now() then extract(epoch from u.locked_until - now()) / 60 end as locked_minutes
       from public.users u where lower(u.email) = lower($1)`,
    [input.email],
  );
  if (!user) {
    await spendPasswordCheck(input.password);
    await db.query(`select public.audit_record('sign-in failed', 'user', null, $1)`, [input.email]);
    throw new HttpError(401, INVALID);
  }
  if (user.locked_minutes !== null) throw new HttpError(429, lockedMessage(Number(user.locked_minutes)));

  if (!(await verifyPassword(input.password, user.password_hash))) {
    const { slowAfter, lockAfter, lockMinutes, delayStepMs } = config.throttle;
    const [failed] = await db.transaction(async (tx) => {
      await tx.query(`select public.audit_record('sign-in failed', 'user', $1, $2)`, [user.id, user.name]);
      return tx.query<{ failed_logins: number; locked_until: Date | null }>(
        'select * from public.record_failed_login($1, $2, make_interval(mins => $3))',
        [user.id, lockAfter, lockMinutes],
      );
    });
    if (failed.locked_until) throw new HttpError(429, lockedMessage(lockMinutes));
    if (failed.failed_logins > slowAfter) await sleep((failed.failed_logins - slowAfter) * delayStepMs);
    throw new HttpError(401, INVALID);
  }
  if (!user.is_active) throw new HttpError(403, 'This account has been disabled. Ask an administrator.');

  const lifetime = input.remember ? `${config.rememberDays} days` : `${config.sessionHours} hours`;
  const [session] = await db.transaction(async (tx) => {
    await setActor(tx, user);
    await tx.query('update public.users set failed_logins = 0, locked_until = null, last_login_at = now() where id = $1', [user.id]);
    await tx.query('delete from public.sessions where user_id = $1 and (expires_at < now() or revoked_at is not null)', [user.id]);
    await tx.query(`select public.audit_record('signed in', 'user', $1, $2)`, [user.id, user.name]);
    return tx.query<{ id: string; iat: number; exp: number }>(
      `insert into public.sessions (user_id, remember, expires_at, user_agent) values ($1, $2, now() + $3::interval, $4)
       returning id, floor(extract(epoch from created_at))::int8 as iat, floor(extract(epoch from expires_at))::int8 as exp`,
      [user.id, input.remember, lifetime, c.req.header('user-agent')?.slice(0, 500) ?? null],
    );
  });
  const token = await signToken(
    { sub: String(user.id), sid: session.id, iat: Number(session.iat), exp: Number(session.exp) },
    config.jwtSecret,
  );
  return c.json({ token, user: sessionUserOf(user), expires_at: new Date(Number(session.exp) * 1000).toISOString() });
});

/** The user of a live session, built once: every request signed in runs it. */
const LIVE_SESSION_USER = `select u.id, u.name, u.email, u.role, ${SESSION_USER_COLUMNS}, s.last_seen_at < now() - interval '5 minutes' as seen_long_ago
     from public.sessions s join public.users u on u.id = s.user_id
    where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.is_active`;

/** Every route after this needs a bearer token naming a live session of an active user. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  const claims = match ? await verifyToken(match[1], c.get('config').jwtSecret) : null;
  if (!claims || !UUID.test(claims.sid) || !ID_PATTERN.test(claims.sub)) throw unauthenticated();
  const db = c.get('db');
  const [user] = await db.query<SessionUser & { seen_long_ago: boolean }>(LIVE_SESSION_USER, [claims.sid, claims.sub]);
  if (!user) throw unauthenticated();
  if (user.seen_long_ago) await db.query('update public.sessions set last_seen_at = now() where id = $1', [claims.sid]);
  c.set('user', sessionUserOf(user));
  c.set('sessionId', claims.sid);
  await next();
};

export const sessionRoutes = new Hono<AppEnv>();

sessionRoutes.post('/logout', describe({ tag, summary: 'Sign out (end this session)', noContent: true }), async (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const sessionId = c.get('sessionId');
  await db.query('update public.sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
  await db.query(`select public.audit_record('signed out', 'user', $1, $2)`, [user.id, user.name]);
  return c.body(null, 204);
});

sessionRoutes.get('/me', describe({ tag, summary: 'Who is signed in', ok: one(sessionUser) }), (c) => c.json({ data: c.get('user') }));
