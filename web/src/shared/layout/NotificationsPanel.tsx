import { Link } from '../routes/Link';
import { orderMorePath, productPath, type StockAlert } from '../api/products';

interface PanelProps {
  alerts: { items: StockAlert[]; total: number } | undefined;
  failed: boolean;
  onClose: () => void;
}

/** The bell's list (Notifications): each alert links to its product, and to ordering more of it. */
export default function NotificationsPanel({ alerts, failed, onClose }: PanelProps) {
  const shown = alerts?.items.length ?? 0;
  return (
    <div id="notifications-panel" className="dropdown notifications-panel">
      <p className="dropdown-title">Stock alerts</p>
      {failed && <p className="dropdown-empty">Could not load notifications</p>}
      {alerts && !shown && <p className="dropdown-empty">No notifications</p>}
      <ul className="notification-list">
        {alerts?.items.map((alert) => (
          <li key={alert.id} className="notification-item">
            <Link className="search-hit" to={productPath(alert.type, alert.id)} onClick={onClose}>
              <span className="search-hit-name">{alert.name}</span>
              <span className={`notification-state notification-${alert.state}`}>
                {alert.state === 'out' ? 'Out of stock' : `${alert.quantity} left`}
              </span>
            </Link>
            {alert.type !== 'service' && (
              <Link className="notification-order" to={orderMorePath(alert.type, alert.id)} onClick={onClose} aria-label={`Order more ${alert.name}`}>
                Order more
              </Link>
            )}
          </li>
        ))}
      </ul>
      {alerts && alerts.total > shown && <p className="dropdown-empty">and {alerts.total - shown} more</p>}
    </div>
  );
}
