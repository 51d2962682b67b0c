import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@schemas/auth';
import { api, isApiError } from '../api/client';
import { clearSession, readToken, readUser, saveSession, saveUser } from './session';

/** The drafts' store comes with the forms that keep drafts, not with the first screen. */
const dropDraftsExcept = (userId: number | null) => import('../forms/draftStore').then((store) => store.dropDraftsExcept(userId));

interface AuthState {
  user: SessionUser | null;
  loading: boolean;
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => Promise<void>;
  /** Reads the session user again (GET /api/auth/me), e.g. after a password change. */
  refreshUser: () => Promise<SessionUser | null>;
  /** Shows a change the user made to themselves (their name) without a round trip. */
  updateUser: (changes: Partial<SessionUser>) => void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(() => (readToken() ? readUser() : null));
  // The user kept from the last visit opens the pages at once; GET /api/auth/me confirms it meanwhile
  // (a session that ended sends to the sign-in, as any answer of 401 does).
  const [loading, setLoading] = useState(() => Boolean(readToken()) && !readUser());

  useEffect(() => {
    if (!readToken()) return;
    const controller = new AbortController();
    api
      .get<SessionUser>('/auth/me', { signal: controller.signal })
      .then((confirmed) => {
        saveUser(confirmed);
        setUser(confirmed);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error, 401)) {
          clearSession();
          setUser(null);
        }
        setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const signIn = useCallback((token: string, signedIn: SessionUser) => {
    // Another user's drafts never show to this one, nor stay behind on a shared browser.
    void dropDraftsExcept(signedIn.id);
    saveSession(token, signedIn);
    setUser(signedIn);
    setLoading(false);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      // The local session is cleared whatever the server answers.
    }
    // Signing out on purpose is leaving: drafts of unsaved forms go with the session.
    void dropDraftsExcept(null);
    clearSession();
    setUser(null);
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  const refreshUser = useCallback(async () => {
    const confirmed = await api.get<SessionUser>('/auth/me');
    saveUser(confirmed);
    setUser(confirmed);
    return confirmed;
  }, []);

  const updateUser = useCallback((changes: Partial<SessionUser>) => {
    setUser((current) => {
      if (!current) return current;
      const next = { ...current, ...changes };
      saveUser(next);
      return next;
    });
  }, []);

  const value = useMemo(
    () => ({ user, loading, signIn, signOut, refreshUser, updateUser }),
    [user, loading, signIn, signOut, refreshUser, updateUser],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
