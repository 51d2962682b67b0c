import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../layout/useDismiss';
import './controls.css';

interface MenuButtonProps {
  label: string;
  items: { label: string; onSelect: () => void }[];
}

/** A button opening a short list of actions; Escape or a click elsewhere closes it. */
export function MenuButton({ label, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Closed from inside (Escape, an action), the focus goes back to the button rather than to the page.
  const close = useCallback(() => {
    setOpen(false);
    if (ref.current?.contains(document.activeElement)) button.current?.focus();
  }, []);
  useDismiss(ref, open, close);
  // Opened, the first action has the focus: Enter on the button, then Enter again, runs it.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLButtonElement>('.menu-item')?.focus();
  }, [open]);

  return (
    <div className="menu-button" ref={ref}>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden="true" className="menu-caret">
          ▾
        </span>
      </button>
      {open && (
        <ul id={listId} className="dropdown menu-list">
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                className="menu-item"
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
