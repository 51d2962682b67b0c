import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  /** The id of the element holding the title, and of the one describing the dialog. */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /** While busy, Escape and a click outside do nothing. */
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}

const EDITABLE = 'input:not([readonly]):not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([readonly]):not([disabled])';

/** A modal dialog: opens on mount, gives focus back to what opened it, closes on Escape or a click outside. */
export function Modal({ labelledBy, describedBy, className, busy, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // The browser focuses the first control; one that cannot be changed (a locked field) is passed over.
    const focused = document.activeElement;
    if (dialog && focused instanceof HTMLInputElement && focused.readOnly) dialog.querySelector<HTMLElement>(EDITABLE)?.focus();
    return () => {
      dialog?.close();
      if (trigger?.isConnected) trigger.focus();
    };
  }, []);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      {children}
    </dialog>
  );
}
