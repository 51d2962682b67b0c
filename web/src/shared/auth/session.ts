import type { SessionUser } from '@schemas/auth';
import { FIRST_ASKS_KEY } from '../api/firstAsks';

const TOKEN_KEY = 'auth_token';
const USER_KEY = 'user';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function readUser(): SessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function saveUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(FIRST_ASKS_KEY);
}

const RETURN_KEY = 'return_to';

/** Where a user whose session ended was (path and search), to open again once they sign in again; kept for this tab only. */
export function rememberReturn(userId: number, path: string, storage: Storage = sessionStorage): void {
  storage.setItem(RETURN_KEY, JSON.stringify({ userId, path }));
}

/** Whether a session ended in this tab, for the sign-in page to say so. */
export function sessionEnded(storage: Storage = sessionStorage): boolean {
  return storage.getItem(RETURN_KEY) !== null;
}

/** The page to open after signing in: where the same user's session ended (a path of this app), else the dashboard. Read once. */
export function takeReturn(userId: number, storage: Storage = sessionStorage): string {
  const raw = storage.getItem(RETURN_KEY);
  storage.removeItem(RETURN_KEY);
  try {
    const kept = JSON.parse(raw ?? 'null') as { userId?: unknown; path?: unknown } | null;
    const path = kept?.userId === userId && typeof kept.path === 'string' ? kept.path : '';
    return /^\/(?![/\\])/.test(path) && !path.startsWith('/login') ? path : '/';
  } catch {
    return '/';
  }
}
