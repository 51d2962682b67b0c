import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { base64url } from '../../worker/src/auth/encoding.ts';
import { signToken } from '../../worker/src/auth/jwt.ts';
import { MAX_BODY_BYTES } from '../../worker/src/http/body-limit.ts';
import { hashPassword } from '../../worker/src/auth/password.ts';
import { DEMO_PASSWORD } from '../../worker/src/demo/login.ts';
import { upsertUser } from '../../worker/src/users.ts';
import { call, createUser, signIn, uniqueTag } from '../support/api.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const encode = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));
const claimsOf = (token: string) => JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));

describe('health', () => {
  it('answers without a token and says the database is up', async () => {
    const answer = await call(h, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('sends the security headers', async () => {
    const { headers } = await call(h, 'GET', '/api/health');
    expect(headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBeTruthy();
    const csp = headers.get('content-security-policy') ?? '';
    for (const part of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(part);
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('caching', () => {
  it("says Cache-Control: no-store and the security headers on every answer, refusals and errors too: they hold customers' details and prices", async () => {
    const { token } = await signIn(h);
    const answers = {
      health: await call(h, 'GET', '/api/health'),
      me: await call(h, 'GET', '/api/auth/me', { token }),
      list: await call(h, 'GET', '/api/customers', { token }),
      unauthenticated: await call(h, 'GET', '/api/customers'),
      missing: await call(h, 'GET', '/api/customers/999999999', { token }),
      unknownPath: await call(h, 'GET', '/api/nothing-here', { token }),
      invalid: await call(h, 'POST', '/api/auth/login', { body: {} }),
      tooLarge: await call(h, 'POST', '/api/customers', { token, rawBody: 'x'.repeat(MAX_BODY_BYTES + 1) }),
      csv: await h.fetch('/api/tires/export', { headers: { authorization: `Bearer ${token}` } }),
    };
    for (const answer of Object.values(answers)) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, [answer.status, answer.headers.get('cache-control')]]))).toEqual({
      csv: [200, 'no-store'],
      health: [200, 'no-store'],
      me: [200, 'no-store'],
      list: [200, 'no-store'],
      unauthenticated: [401, 'no-store'],
      missing: [404, 'no-store'],
      unknownPath: [404, 'no-store'],
      invalid: [422, 'no-store'],
      tooLarge: [413, 'no-store'],
    });
  });
});

describe('login', () => {
  it('answers a token and the user for good credentials, with any letter case in the e-mail', async () => {
    const { email, password } = await createUser(h);
    const answer = await call(h, 'POST', '/api/auth/login', { body: { email: email.toUpperCase(), password } });
    expect(answer.status).toBe(200);
    expect(answer.body.token.split('.')).toHaveLength(3);
    expect(answer.body.user).toMatchObject({ email, role: 'staff', name: 'Test staff' });
    expect(answer.body.user).not.toHaveProperty('password_hash');
    const me = await call(h, 'GET', '/api/auth/me', { token: answer.body.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(answer.body.user);
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const { email } = await createUser(h);
    const wrong = await call(h, 'POST', '/api/auth/login', { body: { email, password: 'not-the-password' } });
    const unknown = await call(h, 'POST', '/api/auth/login', { body: { email: 'nobody@example.test', password: 'x' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'These credentials do not match our records.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('says which fields are missing', async () => {
    const answer = await call(h, 'POST', '/api/auth/login', { body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Email is required',
      errors: { email: ['Email is required'], password: ['Password is required'] },
    });
  });

  it('gives a longer session when asked to remember', async () => {
    const short = await signIn(h);
    const long = await signIn(h, { remember: true });
    const hours = (token: string) => {
      const claims = claimsOf(token);
      return (claims.exp - claims.iat) / 3600;
    };
    expect(hours(short.token)).toBe(12);
    expect(hours(long.token)).toBe(30 * 24);
  });

  it('slows down repeated failures, then locks the account for a while', async () => {
    const { email, password } = await createUser(h);
    const attempt = (pw: string) => call(h, 'POST', '/api/auth/login', { body: { email, password: pw } });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).status).toBe(401);
    const started = Date.now();
    expect((await attempt('wrong')).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    const locked = await attempt('wrong');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    const evenRight = await attempt(password);
    expect(evenRight.status).toBe(429);
    expect(evenRight.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);

    await h.withDb((db) => db.query("update public.users set locked_until = now() - interval '1 second' where email = $1", [email]));
    expect((await attempt(password)).status).toBe(200);
    const [row] = await h.withDb((db) => db.query<{ failed_logins: number }>('select failed_logins from public.users where email = $1', [email]));
    expect(row.failed_logins).toBe(0);
  });

  it('lets 30 wrong passwords sent at once check at most 5, and answers the rest 429 with Retry-After', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const { email, password } = await createUser(h);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call(h, 'POST', '/api/auth/login', { body: { email, password: 'wrong-guess' } })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(4);
    expect(refused.length).toBeGreaterThanOrEqual(25);
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each password checked and found wrong is one audit event: at most 5 were checked.
    const [checked] = await h.withDb((db) =>
      db.query<{ count: number }>(
        `select count(*)::int as count from public.audit_events e join public.users u on u.id = e.record_id
          where e.action = 'sign-in failed' and e.record_type = 'user' and u.email = $1`,
        [email],
      ),
    );
    expect(checked.count).toBeLessThanOrEqual(5);
    const right = await call(h, 'POST', '/api/auth/login', { body: { email, password } });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
  }, 60_000);

  it('refuses an address that fails more than 20 sign-ins in a minute, whatever the e-mails, for a while', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}-${uniqueTag()}`;
    const { email, password } = await createUser(h);
    const from = (ip: string, body: { email: string; password: string }) =>
      call(h, 'POST', '/api/auth/login', { body, headers: { 'cf-connecting-ip': ip } });
    for (let i = 0; i < 20; i++) {
      expect((await from(address, { email: `guess-${i}-${uniqueTag()}@example.test`, password: 'wrong-guess' })).status).toBe(401);
    }
    const refused = await from(address, { email: `guess-21-${uniqueTag()}@example.test`, password: 'wrong-guess' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many failed sign-in attempts from this network. Try again in 5 minutes.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(240);
    expect((await from(address, { email, password })).status).toBe(429);
    expect((await from(`${address}-other`, { email, password })).status).toBe(200);

    await h.withDb((db) => db.query("update public.sign_in_addresses set blocked_until = now() - interval '1 second' where address = $1", [address]));
    expect((await from(address, { email, password })).status).toBe(200);
  });

  it('does not count a right password against its address', async () => {
    const address = `198.51.100.7-${uniqueTag()}`;
    const { email, password } = await createUser(h);
    for (let i = 0; i < 25; i++) {
      const answer = await call(h, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'cf-connecting-ip': address } });
      expect(answer.status).toBe(200);
    }
  });

  it('tallies failed sign-ins for unknown e-mails: one audit event a minute per address, with the count', async () => {
    const address = `192.0.2.44-${uniqueTag()}`;
    const events = () =>
      h.withDb((db) =>
        db.query<{ record_label: string; changes: Record<string, { new: unknown }> }>(
          `select record_label, changes from public.audit_events where action = 'sign-in failed' and changes -> 'address' ->> 'new' = $1`,
          [address],
        ),
      );
    for (let i = 0; i < 3; i++) {
      const answer = await call(h, 'POST', '/api/auth/login', { body: { email: `nobody-${i}@example.test`, password: 'x' }, headers: { 'cf-connecting-ip': address } });
      expect(answer.status).toBe(401);
    }
    expect(await events()).toEqual([]);
    await h.withDb((db) => db.query("update public.sign_in_addresses set unknown_since = now() - interval '61 seconds' where address = $1", [address]));
    // The next sign-in, from anywhere, writes the minute that is over.
    await call(h, 'POST', '/api/auth/login', { body: { email: 'nobody-else@example.test', password: 'x' } });
    expect(await events()).toEqual([
      { record_label: 'nobody-2@example.test', changes: { attempts: { old: null, new: 3 }, address: { old: null, new: address } } },
    ]);
  });

  it('makes a hash with fewer iterations again, with the app\'s count, at the next sign-in', async () => {
    const email = `weak-${uniqueTag()}@example.test`;
    const password = `pw-${uniqueTag()}-secret`;
    await h.withDb((db) => upsertUser(db, { email, password, name: 'Weak hash', role: 'staff' }, 500));
    const stored = () =>
      h.withDb(async (db) => (await db.query<{ password_hash: string }>('select password_hash from public.users where email = $1', [email]))[0].password_hash);
    expect(await stored()).toMatch(/^pbkdf2-sha256\$500\$/);
    expect((await call(h, 'POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
    expect(await stored()).toMatch(new RegExp(`^pbkdf2-sha256\\$${h.passwordIterations}\\$`));
    expect((await call(h, 'POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
  });

  it('never signs anyone in with the published demo password on Node without demo logins; on a Worker it must be changed first', async () => {
    const email = `demo-like-${uniqueTag()}@example.test`;
    await h.withDb(async (db) =>
      db.query('insert into public.users (name, email, role, password_hash) values ($1, $2, $3, $4)', [
        'Demo like',
        email,
        'admin',
        await hashPassword(DEMO_PASSWORD, h.passwordIterations),
      ]),
    );
    const answer = await call(h, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    if (h.runtime === 'workerd') {
      expect(answer.body.user.must_change_password).toBe(true);
      expect((await call(h, 'GET', '/api/customers', { token: answer.body.token })).status).toBe(403);
    } else {
      expect(answer.status).toBe(401);
    }
  });

  it('refuses a disabled user', async () => {
    const { email, password } = await createUser(h);
    await h.withDb((db) => db.query('update public.users set is_active = false where email = $1', [email]));
    const answer = await call(h, 'POST', '/api/auth/login', { body: { email, password } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('This account has been disabled. Ask an administrator.');
  });
});

describe('tokens', () => {
  const unauthenticated = { message: 'Unauthenticated.' };
  const expectRefused = async (token: string | undefined, headers?: Record<string, string>) => {
    const answer = await call(h, 'GET', '/api/customers', { token, headers });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthenticated);
  };

  it('refuses a missing or malformed token', async () => {
    await expectRefused(undefined);
    await expectRefused('not-a-token');
    await expectRefused(undefined, { authorization: 'Basic dXNlcjpwYXNz' });
    await expectRefused('a.b.c');
  });

  it('refuses a token with alg none', async () => {
    const { token } = await signIn(h);
    const claims = claimsOf(token);
    await expectRefused(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`);
    await expectRefused(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.${token.split('.')[2]}`);
  });

  it('refuses a token signed with another secret or with changed claims', async () => {
    const { token } = await signIn(h);
    const claims = claimsOf(token);
    await expectRefused(await signToken(claims, 'another-secret-that-is-also-long-enough-000'));
    const [header, , signature] = token.split('.');
    await expectRefused(`${header}.${encode({ ...claims, sub: '999999' })}.${signature}`);
  });

  it('refuses an expired token and an expired session', async () => {
    const { token } = await signIn(h);
    const claims = claimsOf(token);
    await expectRefused(await signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, h.jwtSecret));
    expect((await call(h, 'GET', '/api/auth/me', { token })).status).toBe(200);
    await h.withDb((db) => db.query("update public.sessions set expires_at = now() - interval '1 minute' where id = $1", [claims.sid]));
    await expectRefused(token);
  });

  it('ends the session on logout, and only that one', async () => {
    const first = await signIn(h);
    const second = await call(h, 'POST', '/api/auth/login', { body: { email: first.email, password: first.password } });
    const logout = await call(h, 'POST', '/api/auth/logout', { token: first.token });
    expect(logout.status).toBe(204);
    await expectRefused(first.token);
    expect((await call(h, 'GET', '/api/auth/me', { token: second.body.token })).status).toBe(200);

    const sessions = () =>
      h.withDb((db) => db.query('select s.id from public.sessions s join public.users u on u.id = s.user_id where u.email = $1', [first.email]));
    expect(await sessions()).toHaveLength(2);
    await call(h, 'POST', '/api/auth/login', { body: { email: first.email, password: first.password } });
    expect(await sessions()).toHaveLength(2);
  });

  it('ends a session unused for 8 hours at its next request; a remembered one lasts', async () => {
    const short = await signIn(h);
    const remembered = await signIn(h, { remember: true });
    const unused = (token: string, interval: string) =>
      h.withDb((db) => db.query(`update public.sessions set last_seen_at = now() - interval '${interval}' where id = $1`, [claimsOf(token).sid]));
    await unused(short.token, '7 hours 59 minutes');
    expect((await call(h, 'GET', '/api/auth/me', { token: short.token })).status).toBe(200);
    await unused(short.token, '8 hours 1 second');
    await expectRefused(short.token);
    // Ended for good: using it again does not bring it back.
    await unused(short.token, '1 second');
    await expectRefused(short.token);
    await unused(remembered.token, '3 days');
    expect((await call(h, 'GET', '/api/auth/me', { token: remembered.token })).status).toBe(200);
  });

  it('ends every session of a user an admin disables', async () => {
    const { token, email } = await signIn(h);
    await h.withDb((db) => db.query('update public.users set is_active = false where email = $1', [email]));
    await expectRefused(token);
  });
});
