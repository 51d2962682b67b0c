import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { stockAlerts } from '../api/products';
import { BellIcon } from './icons';
import { useDismiss } from './useDismiss';

/** The list loads as the bell is pressed (its count comes with the page). */
const loadPanel = () => import('./NotificationsPanel');
const NotificationsPanel = lazy(loadPanel);

/** Stock alerts: what is out of stock or running low, most urgent first. */
export function Notifications() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const alerts = useQuery(stockAlerts);
  const total = alerts.data?.total ?? 0;
  const count = total > 99 ? '99+' : String(total);

  return (
    <div className="notifications" ref={ref}>
      <button
        type="button"
        className="icon-btn"
        // The name holds the count the badge shows, so what is seen is what is said (WCAG 2.5.3).
        aria-label={total ? `Notifications: ${count} stock alert${total === 1 ? '' : 's'}` : 'Notifications'}
        aria-expanded={open}
        aria-controls="notifications-panel"
        onPointerDown={() => void loadPanel()}
        onClick={() => {
          if (!open) void alerts.refetch();
          setOpen(!open);
        }}
      >
        <BellIcon />
        {total > 0 && <span className="notification-count">{count}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel alerts={alerts.data} failed={alerts.isError} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
