import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { useAuth } from './AuthContext';

/** Where a user who must choose a new password is sent, whatever they open. */
export const PROFILE_PATH = '/profile';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  if (loading) return <Spinner page label="Loading your session..." />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.must_change_password && pathname !== PROFILE_PATH) return <Navigate to={PROFILE_PATH} replace />;
  return children;
}

/** The sign-in page: someone already signed in when it opens goes to the dashboard; signing in here goes where the page says. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const [signedInBefore] = useState(user !== null);
  if (loading) return <Spinner page label="Loading your session..." />;
  if (user && signedInBefore) return <Navigate to="/" replace />;
  return children;
}
