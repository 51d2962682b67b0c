import { useCallback, useRef, useState } from 'react';
import { BellIcon } from './icons';
import { useDismiss } from './useDismiss';

export function Notifications() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div className="notifications" ref={ref}>
      <button
        type="button"
        className="icon-btn"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
      </button>
      {open && (
        <div id="notifications-panel" className="dropdown notifications-panel">
          <p className="dropdown-title">Notifications</p>
          <p className="dropdown-empty">No notifications</p>
        </div>
      )}
    </div>
  );
}
