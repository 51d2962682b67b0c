import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { FlashProvider } from '../ui/Flash';
import { Spinner } from '../ui/Spinner';
import { GlobalSearch } from './GlobalSearch';
import { LogoutIcon, MenuIcon } from './icons';
import { Notifications } from './Notifications';
import { Sidebar } from './Sidebar';

/** Asked for on Logout only, so not with the first screen. */
const ConfirmDialog = lazy(() => import('../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

export function Layout() {
  const { user, signOut } = useAuth();
  // Until a new password is chosen the API answers nothing but the profile: no search, no alerts.
  const restricted = Boolean(user?.must_change_password);
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const logout = async () => {
    setLoggingOut(true);
    await signOut();
  };

  return (
    <div className="app-shell">
      <Sidebar open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
      <div className="app-main">
        <header className="topbar">
          <button
            type="button"
            className="icon-btn menu-btn"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="sidebar"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          {!restricted && <GlobalSearch />}
          <div className="topbar-actions">
            {!restricted && <Notifications />}
            <button type="button" className="btn btn-ghost logout-btn" onClick={() => setConfirmLogout(true)}>
              <LogoutIcon />
              <span>Logout</span>
            </button>
          </div>
        </header>
        <main className="content" id="content">
          <FlashProvider>
            <Suspense fallback={<Spinner page />}>
              <Outlet />
            </Suspense>
          </FlashProvider>
        </main>
      </div>
      {confirmLogout && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Logout"
            message="Are you sure you want to logout?"
            confirmLabel="Logout"
            pending={loggingOut}
            onConfirm={logout}
            onCancel={() => setConfirmLogout(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
