import { Hono } from 'hono';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { UUID } from '../auth/routes.ts';
import { requireStrongPassword } from '../auth/new-password.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { describe } from '../http/openapi.ts';
import { lockVersion, versioned } from '../http/versions.ts';
import { readBody } from '../http/validate.ts';
import { one } from '../schemas/answers.ts';
import { profileInput, profilePasswordInput, signedOutAnswer, userRow, userSessionList, type UserSession } from '../schemas/users.ts';
import { endSessions, showUser } from './users.ts';

const SESSION_NOT_FOUND = 'Session not found';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
const firstMatch = (names: [RegExp, string][], text: string) => names.find(([pattern]) => pattern.test(text))?.[1];

/** 'Chrome on Windows', from a browser's user agent; what a person recognises as their device. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = firstMatch(BROWSERS, userAgent) ?? 'A browser';
  const system = firstMatch(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}

/** What every signed-in user may do to their own account. */
export const profileRoutes = new Hono<AppEnv>();

const tag = 'Profile';
const ownAccount = one(userRow);

profileRoutes.get('/', describe({ tag, summary: 'Your account', ok: ownAccount, etag: true }), async (c) =>
  versioned(c, await showUser(c.get('db'), c.get('user').id)),
);

profileRoutes.put('/', describe({ tag, summary: 'Change your name', body: profileInput, ok: ownAccount, ifMatch: true }), async (c) => {
  const input = await readBody(c, profileInput);
  const db = c.get('db');
  const user = c.get('user');
  await lockVersion(c, db, { table: 'users', id: user.id, notFound: 'User not found' });
  await db.query('update public.users set name = $2, updated_at = now() where id = $1', [user.id, input.name]);
  return versioned(c, await showUser(db, user.id));
});

const changePassword = describe({
  tag,
  summary: 'Change your password',
  description: 'Your other sessions end; this one stays signed in.',
  body: profilePasswordInput,
  ok: ownAccount,
});

profileRoutes.put('/password', changePassword, async (c) => {
  const input = await readBody(c, profilePasswordInput);
  const db = c.get('db');
  const user = c.get('user');
  const sessionId = c.get('sessionId');
  const { passwords } = c.get('config');
  const [row] = await db.query<{ password_hash: string }>('select password_hash from public.users where id = $1 for update', [user.id]);
  if (!(await verifyPassword(input.current_password, row.password_hash, passwords.maxIterations))) {
    const message = 'The current password is incorrect';
    throw new HttpError(422, message, { current_password: [message] });
  }
  if (input.password === input.current_password) {
    const message = 'The new password must be different from the current one';
    throw new HttpError(422, message, { password: [message] });
  }
  requireStrongPassword(input.password, [user.email, user.name]);
  await db.query('update public.users set password_hash = $2, must_change_password = false, updated_at = now() where id = $1', [
    user.id,
    await hashPassword(input.password, passwords.iterations),
  ]);
  await endSessions(db, user.id, sessionId);
  await db.query(`select public.audit_record('password changed', 'user', $1, $2)`, [user.id, user.name]);
  return c.json({ data: await showUser(db, user.id) });
});

profileRoutes.get('/sessions', describe({ tag, summary: 'Your sessions, newest first', ok: userSessionList }), async (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const sessionId = c.get('sessionId');
  const rows = await db.query<Omit<UserSession, 'device' | 'current'>>(
    `select id, user_agent, created_at, last_seen_at, expires_at from public.sessions
      where user_id = $1 and revoked_at is null and expires_at > now()
        and (remember or last_seen_at > now() - make_interval(secs => $2)) order by created_at desc`,
    [user.id, c.get('config').sessionIdleHours * 3600],
  );
  const sessions: UserSession[] = rows.map((row) => ({ ...row, device: describeDevice(row.user_agent), current: row.id === sessionId }));
  return c.json({ data: sessions });
});

profileRoutes.post('/sessions/sign-out-others', describe({ tag, summary: 'End your other sessions', ok: signedOutAnswer }), async (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const sessionId = c.get('sessionId');
  return c.json({ data: { signed_out: await endSessions(db, user.id, sessionId) } });
});

profileRoutes.delete('/sessions/:id', describe({ tag, summary: 'End one of your sessions', uuidId: true, noContent: true }), async (c) => {
  const id = c.req.param('id');
  if (!UUID.test(id)) throw new HttpError(404, SESSION_NOT_FOUND);
  const rows = await c.get('db').query(
    'update public.sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id',
    [id, c.get('user').id],
  );
  if (!rows.length) throw new HttpError(404, SESSION_NOT_FOUND);
  return c.body(null, 204);
});
