import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import { catalogueFixture, type CatalogueFixture } from '../support/catalogue.ts';
import type { Harness } from '../support/harness.ts';

let h: Harness;
let admin: SignedIn;
let f: CatalogueFixture;

beforeAll(async () => {
  h = await createHarness();
  admin = await signIn(h);
  f = await catalogueFixture(h);
});
afterAll(() => h.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(h, method, path, { token: admin.token, body });
const login = (email: string, password: string, headers?: Record<string, string>) => call(h, 'POST', '/api/auth/login', { body: { email, password }, headers });

async function newStaff(overrides: Record<string, unknown> = {}, token = admin.token) {
  const email = `counter-${uniqueTag()}@example.test`;
  const answer = await call(h, 'POST', '/api/users', { token, body: {
    name: 'Sam Counter', email, role: 'staff', home_location_id: f.northsideId, password: 'first-secret', password_confirmation: 'first-secret', ...overrides,
  } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as number, email, body: answer.body.data };
}

/** Signs a new staff user in and has them choose their own password, as the web app makes them. */
async function readyStaff() {
  const user = await newStaff();
  const first = await login(user.email, 'first-secret');
  const changed = await call(h, 'PUT', '/api/profile/password', {
    token: first.body.token,
    body: { current_password: 'first-secret', password: 'own-secret-1', password_confirmation: 'own-secret-1' },
  });
  expect(changed.status).toBe(200);
  return { ...user, token: first.body.token as string };
}

describe('users', () => {
  it('creates a user at a home branch who must choose a password before anything else', async () => {
    const user = await newStaff();
    expect(user.body).toMatchObject({
      name: 'Sam Counter', email: user.email, role: 'staff', home_location_id: f.northsideId, home_location: { id: f.northsideId, name: f.names.northside },
      is_active: true, is_locked: false, must_change_password: true, last_login_at: null,
    });
    const first = await login(user.email, 'first-secret');
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ id: user.id, role: 'staff', home_location_id: f.northsideId, must_change_password: true });
    const token = first.body.token;
    const blocked = await call(h, 'GET', '/api/customers', { token });
    expect(blocked).toMatchObject({ status: 403, body: { message: 'Choose a new password before you continue.' } });
    expect((await call(h, 'GET', '/api/auth/me', { token })).status).toBe(200);

    const wrong = await call(h, 'PUT', '/api/profile/password', { token, body: { current_password: 'nope', password: 'own-secret-1', password_confirmation: 'own-secret-1' } });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { current_password: ['The current password is incorrect'] } } });
    const same = await call(h, 'PUT', '/api/profile/password', { token, body: { current_password: 'first-secret', password: 'first-secret', password_confirmation: 'first-secret' } });
    expect(same.body.errors).toEqual({ password: ['The new password must be different from the current one'] });
    const mismatch = await call(h, 'PUT', '/api/profile/password', { token, body: { current_password: 'first-secret', password: 'own-secret-1', password_confirmation: 'own-secret-2' } });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['The passwords do not match'] });
    const changed = await call(h, 'PUT', '/api/profile/password', { token, body: { current_password: 'first-secret', password: 'own-secret-1', password_confirmation: 'own-secret-1' } });
    expect(changed.body.data.must_change_password).toBe(false);
    expect((await call(h, 'GET', '/api/customers', { token })).status).toBe(200);
    expect((await login(user.email, 'first-secret')).status).toBe(401);
    expect((await login(user.email, 'own-secret-1')).body.user.must_change_password).toBe(false);
    expect((await asAdmin('GET', `/api/users/${user.id}`)).body.data.last_login_at).not.toBeNull();
  });

  it('validates users with clear messages', async () => {
    const missing = await asAdmin('POST', '/api/users', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({ name: ['Name is required'], email: ['Email is required'], role: ['Role must be admin or staff'], password: ['Password is required'] });
    const bad = await asAdmin('POST', '/api/users', { name: 'X', email: 'not-mail', role: 'owner', home_location_id: 999999, password: 'short', password_confirmation: 'short' });
    expect(bad.body.errors).toMatchObject({
      email: ['Email must be a valid email address'], role: ['Role must be admin or staff'], password: ['Password must be at least 8 characters'],
    });
    const existing = await newStaff();
    const taken = await asAdmin('POST', '/api/users', { name: 'Y', email: existing.email.toUpperCase(), role: 'staff', password: 'first-secret', password_confirmation: 'first-secret' });
    expect(taken).toMatchObject({ status: 422, body: { errors: { email: ['The email has already been taken.'] } } });
    const nowhere = await asAdmin('POST', '/api/users', { name: 'Z', email: `z-${uniqueTag()}@example.test`, role: 'staff', home_location_id: 999999, password: 'first-secret', password_confirmation: 'first-secret' });
    expect(nowhere.body.errors).toEqual({ home_location_id: ['The selected home branch does not exist'] });
    expect((await asAdmin('GET', '/api/users/999999')).status).toBe(404);
  });

  it('refuses new passwords that are common or easy to guess, saying why, wherever a password is set', async () => {
    const weak = (password: string) => ({ password, password_confirmation: password });
    const common = 'This password is too easy to guess. This is a commonly used password. Add more words that are less common.';
    const created = await asAdmin('POST', '/api/users', { name: 'Weak Wendy', email: `wendy-${uniqueTag()}@example.test`, role: 'staff', ...weak('password123') });
    expect(created).toMatchObject({ status: 422, body: { message: common, errors: { password: [common] } } });
    const named = await asAdmin('POST', '/api/users', { name: 'Weak Wendy', email: `wendy-${uniqueTag()}@example.test`, role: 'staff', ...weak('wendywendy') });
    expect(named.status).toBe(422);
    expect(named.body.errors.password[0]).toMatch(/^This password is too easy to guess\./);

    const user = await readyStaff();
    const reset = await asAdmin('POST', `/api/users/${user.id}/reset-password`, weak('qwerty123'));
    expect(reset.status).toBe(422);
    expect(reset.body.errors.password[0]).toMatch(/^This password is too easy to guess\./);
    const own = await call(h, 'PUT', '/api/profile/password', { token: user.token, body: { current_password: 'own-secret-1', ...weak('wheelhouse-demo') } });
    expect(own.status).toBe(422);
    expect(own.body.errors.password[0]).toMatch(/^This password is too easy to guess\./);
    expect((await login(user.email, 'own-secret-1')).status).toBe(200);
  });

  it('lists users with search and filters', async () => {
    const user = await newStaff({ name: `Findable ${uniqueTag()}` });
    const found = await asAdmin('GET', `/api/users?search=${encodeURIComponent(user.body.name)}`);
    expect(found.body).toMatchObject({ total: 1, data: [{ id: user.id }] });
    const admins = await asAdmin('GET', '/api/users?role=admin&active=1&per_page=100');
    expect(admins.body.data.every((row: { role: string; is_active: boolean }) => row.role === 'admin' && row.is_active)).toBe(true);
  });

  it('ends a disabled user’s live session at its next request, and refuses their sign-in with a message', async () => {
    const user = await readyStaff();
    expect((await call(h, 'GET', '/api/customers', { token: user.token })).status).toBe(200);
    const disabled = await asAdmin('POST', `/api/users/${user.id}/disable`);
    expect(disabled.body.data.is_active).toBe(false);
    expect((await call(h, 'GET', '/api/customers', { token: user.token })).status).toBe(401);
    expect(await login(user.email, 'own-secret-1')).toMatchObject({ status: 403, body: { message: 'This account has been disabled. Ask an administrator.' } });
    await asAdmin('POST', `/api/users/${user.id}/enable`);
    expect((await login(user.email, 'own-secret-1')).status).toBe(200);
  });

  it('resets a password: the user’s sessions end and they choose a new one at the next sign-in', async () => {
    const user = await readyStaff();
    const reset = await asAdmin('POST', `/api/users/${user.id}/reset-password`, { password: 'given-secret', password_confirmation: 'given-secret' });
    expect(reset.body.data.must_change_password).toBe(true);
    expect((await call(h, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await login(user.email, 'own-secret-1')).status).toBe(401);
    expect((await login(user.email, 'given-secret')).body.user.must_change_password).toBe(true);
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    const user = await readyStaff();
    let answer = await login(user.email, 'wrong');
    for (let attempt = 1; answer.status !== 429 && attempt < 10; attempt++) answer = await login(user.email, 'wrong');
    expect(answer.status).toBe(429);
    expect((await login(user.email, 'own-secret-1')).status).toBe(429);
    expect((await asAdmin('GET', `/api/users/${user.id}`)).body.data.is_locked).toBe(true);
    const unlocked = await asAdmin('POST', `/api/users/${user.id}/unlock`);
    expect(unlocked.body.data).toMatchObject({ is_locked: false, locked_until: null });
    expect((await login(user.email, 'own-secret-1')).status).toBe(200);
  });

  it('keeps at least one active administrator', async () => {
    const last = await signIn(h);
    const others = await h.withDb((db) =>
      db.query<{ id: number }>(`update public.users set is_active = false where role = 'admin' and is_active and id <> $1 returning id`, [last.user.id]),
    );
    try {
      const asLast = (method: string, path: string, body?: unknown) => call(h, method, path, { token: last.token, body });
      const demoted = await asLast('PUT', `/api/users/${last.user.id}`, { name: last.user.name, email: last.email, role: 'staff', home_location_id: null });
      expect(demoted).toMatchObject({ status: 409, body: { message: 'There must be at least one active administrator.' } });
      expect((await asLast('POST', `/api/users/${last.user.id}/disable`)).body.message).toBe('You cannot disable your own account.');
      const second = await newStaff({ role: 'admin' }, last.token);
      const ok = await asLast('PUT', `/api/users/${last.user.id}`, { name: last.user.name, email: last.email, role: 'admin', home_location_id: f.downtownId });
      expect(ok.body.data.home_location_id).toBe(f.downtownId);
      const asSecond = await login(second.email, 'first-secret');
      await call(h, 'PUT', '/api/profile/password', { token: asSecond.body.token, body: { current_password: 'first-secret', password: 'own-secret-1', password_confirmation: 'own-secret-1' } });
      expect((await call(h, 'POST', `/api/users/${last.user.id}/disable`, { token: asSecond.body.token })).status).toBe(200);
      expect((await call(h, 'PUT', `/api/users/${second.id}`, { token: asSecond.body.token, body: { name: 'Second', email: second.email, role: 'staff', home_location_id: null } })).status).toBe(409);
    } finally {
      await h.withDb((db) => db.query(`update public.users set is_active = true where id = any(string_to_array($1, ',')::bigint[])`, [others.map((row) => row.id).join(',')]));
    }
  });
});

describe('profile', () => {
  it('changes the own name, and lists the sessions by device with this one marked', async () => {
    const user = await readyStaff();
    const renamed = await call(h, 'PUT', '/api/profile', { token: user.token, body: { name: 'Samantha' } });
    expect(renamed.body.data.name).toBe('Samantha');
    expect((await call(h, 'PUT', '/api/profile', { token: user.token, body: { name: ' ' } })).body.errors).toEqual({ name: ['Name is required'] });

    const phone = await login(user.email, 'own-secret-1', { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' });
    const desk = await login(user.email, 'own-secret-1', { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36' });
    const sessions = await call(h, 'GET', '/api/profile/sessions', { token: desk.body.token });
    expect(sessions.body.data.map((s: { device: string; current: boolean }) => [s.device, s.current])).toEqual(
      expect.arrayContaining([['Chrome on Windows', true], ['Safari on iOS', false]]),
    );
    const phoneSession = sessions.body.data.find((s: { device: string }) => s.device === 'Safari on iOS');
    expect((await call(h, 'DELETE', `/api/profile/sessions/${phoneSession.id}`, { token: desk.body.token })).status).toBe(204);
    expect((await call(h, 'GET', '/api/auth/me', { token: phone.body.token })).status).toBe(401);
    expect((await call(h, 'DELETE', `/api/profile/sessions/${phoneSession.id}`, { token: desk.body.token })).status).toBe(404);

    const others = await call(h, 'POST', '/api/profile/sessions/sign-out-others', { token: desk.body.token });
    expect(others.body.data.signed_out).toBeGreaterThanOrEqual(1);
    expect((await call(h, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await call(h, 'GET', '/api/auth/me', { token: desk.body.token })).body.data).toMatchObject({ name: 'Samantha', home_location: { id: f.northsideId } });
    expect((await call(h, 'GET', '/api/profile/sessions', { token: desk.body.token })).body.data).toHaveLength(1);
  });

  it('does not let anyone sign out another user’s session', async () => {
    const one = await readyStaff();
    const other = await readyStaff();
    const [theirs] = (await call(h, 'GET', '/api/profile/sessions', { token: other.token })).body.data;
    expect((await call(h, 'DELETE', `/api/profile/sessions/${theirs.id}`, { token: one.token })).status).toBe(404);
    expect((await call(h, 'GET', '/api/auth/me', { token: other.token })).status).toBe(200);
  });
});

describe('races', () => {
  it('keeps an administrator when the last two demote each other at once', async (ctx) => {
    ctx.skip(h.runtime === 'pglite', 'PGlite has a single connection: races need PostgreSQL');
    const one = await signIn(h);
    const two = await signIn(h);
    const others = await h.withDb((db) =>
      db.query<{ id: number }>(`update public.users set is_active = false where role = 'admin' and is_active and id <> all(array[$1, $2]::bigint[]) returning id`, [
        one.user.id,
        two.user.id,
      ]),
    );
    try {
      const demote = (by: SignedIn, whom: SignedIn) =>
        call(h, 'PUT', `/api/users/${whom.user.id}`, { token: by.token, body: { name: whom.user.name, email: whom.email, role: 'staff', home_location_id: null } });
      const answers = await Promise.all([demote(one, two), demote(two, one)]);
      // The second is refused as the last administrator (409), or, when the first has already been
      // saved by the time it is signed in, as staff it now is (403).
      const [first, second] = answers.map((answer) => answer.status).sort();
      expect(first).toBe(200);
      expect([403, 409]).toContain(second);
      const [{ admins }] = await h.withDb((db) => db.query<{ admins: number }>(`select count(*)::int as admins from public.users where role = 'admin' and is_active`));
      expect(admins).toBe(1);
    } finally {
      await h.withDb((db) => db.query(`update public.users set is_active = true where id = any(string_to_array($1, ',')::bigint[])`, [others.map((row) => row.id).join(',')]));
    }
  });
});
