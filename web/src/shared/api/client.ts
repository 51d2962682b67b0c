import type { FieldErrors } from '@schemas/common';
import { clearSession, readToken } from '../auth/session';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;

  constructor(status: number, message: string, errors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
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
}

function buildUrl(path: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

function redirectToLogin(): void {
  clearSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
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

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: options.body === undefined ? undefined : options.contentType ? String(options.body) : JSON.stringify(options.body),
      signal: options.signal,
    });
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
  throw new ApiError(response.status, message, errors);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
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

export function errorMessages(error: unknown, fallback: string): string[] {
  if (isApiError(error, 422)) {
    const messages = Object.values(error.errors ?? {}).flat();
    return messages.length ? messages : [error.message || fallback];
  }
  return [fallback];
}
