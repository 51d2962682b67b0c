import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '#harness';
import { call, signIn, uniqueTag, type SignedIn } from '../support/api.ts';
import type { Harness } from '../support/harness.ts';
import type { Logger } from '../../worker/src/http/request-log.ts';
import { LATEST_MIGRATION } from '../../worker/src/db/latest-migration.ts';
import { version } from '../../package.json';

/**
 * What the person running the server sees: a request id on every answer, one log line per request
 * with its route and times (never a secret), a 500 that names the line holding its error, and a
 * health answer that says which migrations the database has.
 */

interface Line {
  level: 'info' | 'warn' | 'error';
  message?: string;
  [field: string]: unknown;
}

const lines: Line[] = [];
const keep = (level: Line['level']) => (line: object, message?: string) => lines.push({ ...(line as Record<string, unknown>), level, message });
const logger: Logger = { info: keep('info'), warn: keep('warn'), error: keep('error') };

let h: Harness;
let me: SignedIn;
// In workerd the lines go to the Worker's console; what the answers say is checked there too.
let logged = false;

beforeAll(async () => {
  h = await createHarness({ logger });
  logged = h.runtime !== 'workerd';
  me = await signIn(h);
});
afterAll(() => h?.close());

const lineOf = (requestId: string | null) => lines.find((line) => line.request_id === requestId);

describe('request ids and log lines', () => {
  it('gives every answer an id, keeps a proxy’s plain id and replaces one that is not', async () => {
    const plain = await call(h, 'GET', '/api/health');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
    const given = await call(h, 'GET', '/api/customers', { token: me.token, headers: { 'x-request-id': 'proxy-7f3a.42' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-7f3a.42');
    const forged = await call(h, 'GET', '/api/customers', { token: me.token, headers: { 'x-request-id': 'a","status":200,"user_id":"1' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
    const unauthenticated = await call(h, 'GET', '/api/customers');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('writes one line per request with its route pattern, status, times, user and branch, and no secret', async (ctx) => {
    ctx.skip(!logged, 'in workerd the lines go to the console');
    lines.length = 0;
    const created = await call(h, 'POST', '/api/customers', {
      token: me.token,
      body: { name: `Log ${uniqueTag()}`, phone: '555-0101', address: '1 Main St' },
    });
    expect(created.status).toBe(201);
    const shown = await call(h, 'GET', `/api/customers/${created.body.data.id}`, { token: me.token });
    const line = lineOf(shown.headers.get('x-request-id'));
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/customers/:id',
      status: 200,
      user_id: me.user.id,
      branch_id: me.user.home_location_id,
      message: 'GET /api/customers/:id 200',
    });
    expect(line?.duration_ms).toEqual(expect.any(Number));
    expect(line?.db_ms).toBeGreaterThan(0);
    expect(line?.db_statements).toBeGreaterThan(0);
    expect(lines.filter((each) => each.request_id === shown.headers.get('x-request-id'))).toHaveLength(1);

    // A sign-in's password and the token it answers appear in no line, nor a changed password.
    lines.length = 0;
    const signedIn = await signIn(h);
    const newPassword = `Quiet-${uniqueTag()}-harbour-lantern`;
    const changed = await call(h, 'PUT', '/api/profile/password', {
      token: signedIn.token,
      body: { current_password: signedIn.password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.status).toBeLessThan(300);
    const login = lines.find((each) => each.route === '/api/auth/login');
    expect(login).toMatchObject({ method: 'POST', status: 200, user_id: null });
    const text = JSON.stringify(lines);
    for (const secret of [signedIn.password, signedIn.token, newPassword, signedIn.email]) expect(text).not.toContain(secret);
  });

  it('answers an unexpected error with a reference that names the log line holding its error and stack', async () => {
    const name = `Failing ${uniqueTag()}`;
    await h.withDb((db) =>
      db.exec(`create function public.test_fail_on_insert() returns trigger language plpgsql as $$
                 begin if new.name like 'Failing %' then raise exception 'disk on fire' using errcode = 'XX000'; end if; return new; end $$;
               create trigger test_fail_on_insert before insert on public.customers for each row execute function public.test_fail_on_insert();`),
    );
    try {
      const failed = await call(h, 'POST', '/api/customers', { token: me.token, body: { name, phone: '555-0102', address: '2 Main St' } });
      expect(failed.status).toBe(500);
      const reference = failed.headers.get('x-request-id');
      expect(reference).toMatch(/^[0-9a-f]{8}$/);
      expect(failed.body).toEqual({ message: `Something went wrong on our side (ref ${reference})` });
      if (logged) {
        const line = lineOf(reference);
        expect(line).toMatchObject({ level: 'error', route: '/api/customers', status: 500, error: { message: expect.stringContaining('disk on fire'), code: 'XX000' } });
        expect((line?.error as { stack: string }).stack).toContain('disk on fire');
      }
    } finally {
      await h.withDb((db) => db.exec('drop trigger test_fail_on_insert on public.customers; drop function public.test_fail_on_insert();'));
    }
  });

  it('logs a request slower than SLOW_REQUEST_MS as a warning with its slowest statements', async (ctx) => {
    ctx.skip(!logged, 'in workerd the lines go to the console');
    await h.withDb((db) =>
      db.exec(`create function public.test_slow_insert() returns trigger language plpgsql as $$
                 begin if new.name like 'Slow %' then perform pg_sleep(0.6); end if; return new; end $$;
               create trigger test_slow_insert before insert on public.customers for each row execute function public.test_slow_insert();`),
    );
    try {
      const slow = await call(h, 'POST', '/api/customers', { token: me.token, body: { name: `Slow ${uniqueTag()}`, phone: '555-0103', address: '3 Main St' } });
      expect(slow.status).toBe(201);
      const line = lineOf(slow.headers.get('x-request-id'));
      expect(line).toMatchObject({ level: 'warn', route: '/api/customers', status: 201 });
      const statements = line?.slow_statements as { ms: number; sql: string }[];
      expect(statements[0].ms).toBeGreaterThanOrEqual(550);
      expect(statements[0].sql).toMatch(/insert into public\.customers/i);
      const quick = await call(h, 'GET', '/api/customers', { token: me.token });
      expect(lineOf(quick.headers.get('x-request-id'))).not.toHaveProperty('slow_statements');
    } finally {
      await h.withDb((db) => db.exec('drop trigger test_slow_insert on public.customers; drop function public.test_slow_insert();'));
    }
  });
});

describe('health', () => {
  it('names the app’s version and the last migration, and says when the database is behind', async () => {
    const healthy = await call(h, 'GET', '/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toEqual({
      status: 'ok',
      database: 'up',
      version,
      migrations: { last_applied: LATEST_MIGRATION, latest: LATEST_MIGRATION, pending: false },
    });

    // As a Worker deployed before `supabase db push`: the database lacks the newest migration.
    await h.withDb((db) => db.query('update public.schema_migrations set version = $1 where version = $2', ['20000101000000_not_yet', LATEST_MIGRATION]));
    try {
      const behind = await call(h, 'GET', '/api/health');
      expect(behind.status).toBe(200);
      expect(behind.body).toMatchObject({ status: 'degraded', database: 'up', migrations: { pending: true, latest: LATEST_MIGRATION } });
      expect(behind.body.message).toContain('supabase db push');
    } finally {
      await h.withDb((db) => db.query('update public.schema_migrations set version = $1 where version = $2', [LATEST_MIGRATION, '20000101000000_not_yet']));
    }
  });

  it('answers 503 when the database does not answer, naming the version', async (ctx) => {
    ctx.skip(h.runtime === 'workerd', 'builds an app of its own on Node');
    const { createApp } = await import('../../worker/src/app.ts');
    const { postgresDb } = await import('../../worker/src/db/postgres.ts');
    const { defaultConfig } = await import('../../worker/src/env.ts');
    // A real client to an address where no database listens.
    const db = postgresDb('postgres://postgres@127.0.0.1:9/nothing', { max: 1 });
    const app = createApp({ db, config: { ...defaultConfig, jwtSecret: h.jwtSecret }, logger });
    try {
      const down = await app.request('/api/health');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'degraded', database: 'down', version });
      expect(lineOf(down.headers.get('x-request-id'))).toMatchObject({ level: 'error', status: 503, error: { message: expect.any(String) } });
    } finally {
      await db.close();
    }
  });

  it('answers a request that meets a missing column with what to do, not a bare error', async () => {
    await h.withDb((db) => db.exec('alter table public.tags rename column section to section_before'));
    try {
      const tags = await call(h, 'GET', '/api/tags', { token: me.token });
      expect(tags.status).toBe(503);
      expect(tags.body.message).toBe('The database is behind this version of Wheelhouse: its pending migrations have to be applied (supabase db push).');
    } finally {
      await h.withDb((db) => db.exec('alter table public.tags rename column section_before to section'));
    }
  });
});
