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
import { hashIterations, hashPassword, spendPasswordCheck, verifyPassword } from './password.ts';
import { DEMO_PASSWORD } from '../demo/login.ts';
import type { Db } from '../db/port.ts';

const INVALID = 'These credentials do not match our records.';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 429 with Retry-After. */
function tooMany(seconds: number, fromAddress = false): HttpError {
  const wait = Math.max(1, Math.ceil(seconds / 60));
  const who = fromAddress ? 'Too many failed sign-in attempts from this network.' : 'Too many failed sign-in attempts.';
  return new HttpError(429, `${who} Try again in ${wait} minute${wait === 1 ? '' : 's'}.`, undefined, { 'Retry-After': String(Math.ceil(seconds)) });
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

interface ClaimRow extends SessionUser {
  address_wait_seconds: number | null;
  user_id: number | null;
  attempt: number | null;
  locked_seconds: number | null;
  password_hash: string;
  is_active: boolean;
}

export const authRoutes = new Hono<AppEnv>();

const tag = 'Sessions';

/**
 * Public, so every refusal it lists is its own: 401 for wrong credentials, 403 for a disabled account
 * given its right password, 429 while the account or the client's address is refused (or as this
 * attempt locks it).
 */
const signIn = describe({
  tag,
  summary: 'Sign in',
  description:
    'Answers a bearer token for the other routes. Failed attempts slow down, then lock the account for a while; an address that fails too often in a minute is refused for a while (429 with Retry-After).',
  body: loginInput,
  ok: loginAnswer,
  errors: [401, 403, 429],
});

authRoutes.post('/login', signIn, async (c) => {
  const db = c.get('db');
  const config = c.get('config');
  const address = c.get('clientAddress');
  const input = await readBody(c, loginInput);
  const { slowAfter, lockAfter, lockMinutes, delayStepMs, addressLimit, addressBlockMinutes } = config.throttle;
  // The attempt is counted before its password is checked, in one statement: attempts sent at once
  // cannot all pass the lock.
  const [claim] = await db.query<ClaimRow>(
    `select c.address_wait_seconds, c.user_id, c.attempt, c.locked_seconds,
            u.id, u.name, u.email, u.role, u.password_hash, u.is_active, ${SESSION_USER_COLUMNS}
       from public.sign_in_claim($1, $2, $3, make_interval(mins => $4), $5, make_interval(mins => $6)) c
       left join public.users u on u.id = c.user_id`,
    [address ?? null, input.email, addressLimit, addressBlockMinutes, lockAfter, lockMinutes],
  );
  if (claim.address_wait_seconds !== null) throw tooMany(Number(claim.address_wait_seconds), true);
  if (claim.user_id === null) {
    await spendPasswordCheck(input.password, config.passwords.iterations);
    throw new HttpError(401, INVALID);
  }
  if (claim.locked_seconds !== null) throw tooMany(Number(claim.locked_seconds));
  const user = claim;
  const attempt = Number(claim.attempt);

  const refusedDemo = config.demoPassword === 'refuse' && input.password === DEMO_PASSWORD;
  if (refusedDemo || !(await verifyPassword(input.password, user.password_hash, config.passwords.maxIterations))) {
    await db.query(`select public.audit_record('sign-in failed', 'user', $1, $2)`, [user.id, user.name]);
    if (attempt >= lockAfter) throw tooMany(lockMinutes * 60);
    if (attempt > slowAfter) await sleep((attempt - slowAfter) * delayStepMs);
    throw new HttpError(401, INVALID);
  }
  /** The right password: the attempt was no failure of the account or the address. */
  const forgetAttempt = async (tx: Db, signedIn: { mustChange: boolean; newHash: string | null } | null) => {
    await tx.query(
      `update public.users set failed_logins = 0, locked_until = null,
              last_login_at = case when $2 then now() else last_login_at end,
              must_change_password = must_change_password or $3, password_hash = coalesce($4, password_hash)
        where id = $1`,
      [user.id, signedIn !== null, signedIn?.mustChange ?? false, signedIn?.newHash ?? null],
    );
    if (address) await tx.query('update public.sign_in_addresses set failures = greatest(failures - 1, 0) where address = $1', [address]);
  };
  if (!user.is_active) {
    await db.transaction((tx) => forgetAttempt(tx, null));
    throw new HttpError(403, 'This account has been disabled. Ask an administrator.');
  }

  const mustChange = user.must_change_password || (config.demoPassword === 'change' && input.password === DEMO_PASSWORD);
  // A hash made with fewer iterations than this runtime's (an older release, or Workers) is made again.
  const newHash = hashIterations(user.password_hash) < config.passwords.iterations ? await hashPassword(input.password, config.passwords.iterations) : null;
  const lifetime = input.remember ? `${config.rememberDays} days` : `${config.sessionHours} hours`;
  const [session] = await db.transaction(async (tx) => {
    await setActor(tx, user);
    await forgetAttempt(tx, { mustChange, newHash });
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
  return c.json({
    token,
    user: sessionUserOf({ ...user, must_change_password: mustChange }),
    expires_at: new Date(Number(session.exp) * 1000).toISOString(),
  });
});

/**
 * The user of a live session, built once: every request signed in runs it. `idle`: a session not
 * remembered, unused for the idle limit ($3 seconds). last_seen_at is written at most every 5
 * minutes, so it is the start of the last 5 minutes of use: the limit counts from there.
 */
const LIVE_SESSION_USER = `select u.id, u.name, u.email, u.role, ${SESSION_USER_COLUMNS}, s.last_seen_at < now() - interval '5 minutes' as seen_long_ago,
            not s.remember and s.last_seen_at <= now() - make_interval(secs => $3) as idle
     from public.sessions s join public.users u on u.id = s.user_id
    where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.is_active`;

/** Every route after this needs a bearer token naming a live session of an active user. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const config = c.get('config');
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  const claims = match ? await verifyToken(match[1], config.jwtSecret) : null;
  if (!claims || !UUID.test(claims.sid) || !ID_PATTERN.test(claims.sub)) throw unauthenticated();
  const db = c.get('db');
  const [user] = await db.query<SessionUser & { seen_long_ago: boolean; idle: boolean }>(LIVE_SESSION_USER, [
    claims.sid,
    claims.sub,
    config.sessionIdleHours * 3600,
  ]);
  if (!user) throw unauthenticated();
  if (user.idle) {
    await db.query('update public.sessions set revoked_at = now() where id = $1 and revoked_at is null', [claims.sid]);
    throw unauthenticated();
  }
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
