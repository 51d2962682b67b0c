import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { useAuth } from './AuthContext';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner page label="Loading your session..." />;
  if (!user) return <Navigate to="/login" replace />;
  return children;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner page label="Loading your session..." />;
  if (user) return <Navigate to="/" replace />;
  return children;
}
