import type { FieldErrors } from '@schemas/common';
import { clearSession, readToken, readUser, rememberReturn } from '../auth/session';
import { noteAsk, takeEarly } from './firstAsks';

/** A 412's news: the record's current version, and who changed it last and when. */
export interface StaleRecord {
  version: number;
  changed_by: string | null;
  changed_at: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly stale: StaleRecord | undefined;

  constructor(status: number, message: string, errors?: FieldErrors, stale?: StaleRecord) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.stale = stale;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  anonymous?: boolean;
  /** Sends `body` as text with this content type instead of as JSON. */
  contentType?: string;
  /** Reads a successful answer as a file instead of JSON. */
  asBlob?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  /** Answers the body as sent: a report's `data` comes with totals beside it. */
  raw?: boolean;
  /** The version of the record the form was opened with: the update is refused (412) if it has changed since. */
  version?: number;
}

function buildUrl(path: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The session ended (idle, signed out elsewhere, disabled): the sign-in page says so, and opens this
 * page again once the same user signs in, where a form being filled comes back from its draft.
 */
function redirectToLogin(): void {
  const user = readUser();
  clearSession();
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  if (user) rememberReturn(user.id, pathname + search);
  window.location.assign('/login');
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unwrap(body: unknown): unknown {
  if (isObject(body) && 'data' in body && !('current_page' in body)) return body.data;
  return body;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.anonymous ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  if (options.version !== undefined) headers['If-Match'] = `"${options.version}"`;

  const url = buildUrl(path, options.params);
  const ask = () =>
    fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : options.contentType ? String(options.body) : JSON.stringify(options.body),
      signal: options.signal,
    });
  const early = method === 'GET' && !options.asBlob ? takeEarly(url, token) : undefined;
  if (method === 'GET') noteAsk(url);
  let response: Response;
  try {
    response = await (early ? early.catch(ask) : ask());
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Please check your connection.');
  }

  if (response.ok && options.asBlob) return (await response.blob()) as T;
  const body = await readJson(response);
  if (response.ok) return (options.raw ? body : unwrap(body)) as T;

  if (response.status === 401 && !options.anonymous) redirectToLogin();
  const message = isObject(body) && typeof body.message === 'string' ? body.message : response.statusText;
  const errors = isObject(body) && isObject(body.errors) ? (body.errors as FieldErrors) : undefined;
  const stale = response.status === 412 && isObject(body) && typeof body.version === 'number' ? (body as unknown as StaleRecord) : undefined;
  throw new ApiError(response.status, message, errors, stale);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: { version?: number }) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: { version?: number }) => request<T>('PATCH', path, { ...options, body }),
  /** A file the API answers with, e.g. a CSV export. */
  download: (path: string, params?: QueryParams) => request<Blob>('GET', path, { params, asBlob: true }),
  delete: (path: string) => request<null>('DELETE', path),
};

/** One key per form submission: a retried or double-clicked create is answered once. */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also works on a plain-http address in the shop's network.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** "Changed by Ana Lopez at 14:05; reload to see the changes.", in this browser's time. */
export function staleMessage(error: ApiError): string {
  const { changed_by, changed_at } = error.stale ?? { changed_by: null, changed_at: null };
  const who = changed_by ?? 'someone else';
  if (!changed_at) return `Changed by ${who}; reload to see the changes.`;
  const at = new Date(changed_at);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const day = at.toDateString() === new Date().toDateString() ? '' : ` on ${at.toLocaleDateString()}`;
  return `Changed by ${who} at ${time}${day}; reload to see the changes.`;
}

/** What a refused save says: a 422's messages, a 412's news of the newer version, or the fallback. */
export function errorMessages(error: unknown, fallback: string): string[] {
  if (isApiError(error, 412)) return [staleMessage(error)];
  if (isApiError(error, 422)) {
    const messages = Object.values(error.errors ?? {}).flat();
    return messages.length ? messages : [error.message || fallback];
  }
  return [fallback];
}
