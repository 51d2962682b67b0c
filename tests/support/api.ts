import { upsertUser } from '../../worker/src/users.ts';
import type { Harness } from './harness.ts';
import { checksAnswers, contractOf } from './contract.ts';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as it is, not as JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Sends a request to the app; an answer that breaks the app's OpenAPI document fails the test. */
export async function call<T = any>(h: Harness, method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await h.fetch(path, { method, headers, body });
  const text = await response.text();
  if (checksAnswers(h) && path.startsWith('/api/')) {
    const violation = (await contractOf(h)).violation(method, path, { status: response.status, contentType: response.headers.get('content-type'), text });
    if (violation) throw new Error(`The answer breaks the API's OpenAPI document: ${violation}`);
  }
  const json = response.headers.get('content-type')?.includes('json');
  return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: response.headers };
}

/**
 * An update sent as a form opened just now sends it: with the record's current version (its ETag,
 * read first) as If-Match.
 */
export async function putAsRead<T = any>(h: Harness, token: string, path: string, body: unknown, readPath = path): Promise<Answer<T>> {
  const read = await call(h, 'GET', readPath, { token });
  const etag = read.headers.get('etag');
  if (!etag) throw new Error(`GET ${readPath} answered ${read.status} without an ETag`);
  return call<T>(h, 'PUT', path, { token, body, headers: { 'if-match': etag } });
}

/** A short random tag, so tests that share a database never see each other's rows. */
export const uniqueTag = () => Math.random().toString(36).slice(2, 10);

export interface SignedIn {
  token: string;
  email: string;
  password: string;
  user: { id: number; name: string; email: string; role: string; home_location_id: number | null; must_change_password: boolean };
}

export async function createUser(h: Harness, role: 'admin' | 'staff' = 'staff') {
  const email = `user-${uniqueTag()}@example.test`;
  const password = `pw-${uniqueTag()}-secret`;
  await h.withDb((db) => upsertUser(db, { email, password, name: `Test ${role}`, role }, h.passwordIterations));
  return { email, password };
}

/** Signs in a new user: an administrator unless `role` says otherwise. */
export async function signIn(h: Harness, options: { remember?: boolean; role?: 'admin' | 'staff' } = {}): Promise<SignedIn> {
  const { role = 'admin', ...body } = options;
  const { email, password } = await createUser(h, role);
  const answer = await call(h, 'POST', '/api/auth/login', { body: { email, password, ...body } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { token: answer.body.token, user: answer.body.user, email, password };
}
