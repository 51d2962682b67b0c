import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Link } from '../routes/Link';
import { orderMorePath, productPath, stockAlerts } from '../api/products';
import { BellIcon } from './icons';
import { useDismiss } from './useDismiss';

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
        onClick={() => {
          if (!open) void alerts.refetch();
          setOpen(!open);
        }}
      >
        <BellIcon />
        {total > 0 && <span className="notification-count">{count}</span>}
      </button>
      {open && (
        <div id="notifications-panel" className="dropdown notifications-panel">
          <p className="dropdown-title">Stock alerts</p>
          {alerts.isError && <p className="dropdown-empty">Could not load notifications</p>}
          {alerts.data && !alerts.data.items.length && <p className="dropdown-empty">No notifications</p>}
          <ul className="notification-list">
            {alerts.data?.items.map((alert) => (
              <li key={alert.id} className="notification-item">
                <Link className="search-hit" to={productPath(alert.type, alert.id)} onClick={close}>
                  <span className="search-hit-name">{alert.name}</span>
                  <span className={`notification-state notification-${alert.state}`}>
                    {alert.state === 'out' ? 'Out of stock' : `${alert.quantity} left`}
                  </span>
                </Link>
                {alert.type !== 'service' && (
                  <Link
                    className="notification-order"
                    to={orderMorePath(alert.type, alert.id)}
                    onClick={close}
                    aria-label={`Order more ${alert.name}`}
                  >
                    Order more
                  </Link>
                )}
              </li>
            ))}
          </ul>
          {total > (alerts.data?.items.length ?? 0) && (
            <p className="dropdown-empty">and {total - (alerts.data?.items.length ?? 0)} more</p>
          )}
        </div>
      )}
    </div>
  );
}
