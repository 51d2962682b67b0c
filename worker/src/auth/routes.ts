import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError, unauthenticated } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { loginInput, type SessionUser } from '../schemas/auth.ts';
import { signToken, verifyToken } from './jwt.ts';
import { spendPasswordCheck, verifyPassword } from './password.ts';

const INVALID = 'These credentials do not match our records.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lockedMessage(minutes: number): string {
  const wait = Math.max(1, Math.ceil(minutes));
  return `Too many failed sign-in attempts. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`;
}

interface UserRow extends SessionUser {
  password_hash: string;
  is_active: boolean;
  locked_minutes: number | null;
}

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/login', async (c) => {
  const { db, config } = c.var;
  const input = await readBody(c, loginInput);
  const [user] = await db.query<UserRow>(
    `select id, name, email, role, password_hash, is_active,
            case when locked_until > now() then extract(epoch from locked_until - now()) / 60 end as locked_minutes
       from public.users where lower(email) = lower($1)`,
    [input.email],
  );
  if (!user) {
    await spendPasswordCheck(input.password);
    throw new HttpError(401, INVALID);
  }
  if (user.locked_minutes !== null) throw new HttpError(429, lockedMessage(Number(user.locked_minutes)));

  if (!(await verifyPassword(input.password, user.password_hash))) {
    const { slowAfter, lockAfter, lockMinutes, delayStepMs } = config.throttle;
    const [failed] = await db.query<{ failed_logins: number; locked_until: Date | null }>(
      'select * from public.record_failed_login($1, $2, make_interval(mins => $3))',
      [user.id, lockAfter, lockMinutes],
    );
    if (failed.locked_until) throw new HttpError(429, lockedMessage(lockMinutes));
    if (failed.failed_logins > slowAfter) await sleep((failed.failed_logins - slowAfter) * delayStepMs);
    throw new HttpError(401, INVALID);
  }
  if (!user.is_active) throw new HttpError(403, 'This account has been disabled. Ask an administrator.');

  const lifetime = input.remember ? `${config.rememberDays} days` : `${config.sessionHours} hours`;
  const [session] = await db.transaction(async (tx) => {
    await tx.query('update public.users set failed_logins = 0, locked_until = null where id = $1', [user.id]);
    await tx.query('delete from public.sessions where user_id = $1 and (expires_at < now() or revoked_at is not null)', [user.id]);
    return tx.query<{ id: string; iat: number; exp: number }>(
      `insert into public.sessions (user_id, remember, expires_at) values ($1, $2, now() + $3::interval)
       returning id, floor(extract(epoch from created_at))::int8 as iat, floor(extract(epoch from expires_at))::int8 as exp`,
      [user.id, input.remember, lifetime],
    );
  });
  const token = await signToken(
    { sub: String(user.id), sid: session.id, iat: Number(session.iat), exp: Number(session.exp) },
    config.jwtSecret,
  );
  const sessionUser: SessionUser = { id: Number(user.id), name: user.name, email: user.email, role: user.role };
  return c.json({ token, user: sessionUser, expires_at: new Date(Number(session.exp) * 1000).toISOString() });
});

/** Every route after this needs a bearer token naming a live session of an active user. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  const claims = match ? await verifyToken(match[1], c.var.config.jwtSecret) : null;
  if (!claims || !UUID.test(claims.sid) || !/^[1-9][0-9]{0,17}$/.test(claims.sub)) throw unauthenticated();
  const [user] = await c.var.db.query<SessionUser>(
    `select u.id, u.name, u.email, u.role
       from public.sessions s join public.users u on u.id = s.user_id
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.is_active`,
    [claims.sid, claims.sub],
  );
  if (!user) throw unauthenticated();
  c.set('user', { ...user, id: Number(user.id) });
  c.set('sessionId', claims.sid);
  await next();
};

export const sessionRoutes = new Hono<AppEnv>();

sessionRoutes.post('/logout', async (c) => {
  await c.var.db.query('update public.sessions set revoked_at = now() where id = $1 and revoked_at is null', [
    c.var.sessionId,
  ]);
  return c.body(null, 204);
});

sessionRoutes.get('/me', (c) => c.json({ data: c.var.user }));
