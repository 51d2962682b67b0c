import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { ErrorBox } from './ErrorBox';
import './controls.css';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  pending?: boolean;
  /** Messages shown above the fields, e.g. the server's answer to a refused save. */
  errors?: string[] | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  /** Replaces the Cancel/submit buttons, e.g. with a single Close once a result is shown. */
  actions?: ReactNode;
}

/** A modal form: Escape or a click outside closes it unless it is saving. */
export function FormDialog({ title, submitLabel, pending = false, errors, onSubmit, onClose, children, actions }: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (trigger?.isConnected) trigger.focus();
    };
  }, []);

  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="dialog form-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <form className="dialog-body" onSubmit={submit} noValidate>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {errors && errors.length > 0 && <ErrorBox messages={errors} />}
        <div className="dialog-fields">{children}</div>
        <div className="dialog-actions">
          {actions ?? (
            <>
              <button type="button" className="btn btn-secondary" onClick={close} disabled={pending}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
                {pending ? 'Saving...' : submitLabel}
              </button>
            </>
          )}
        </div>
      </form>
    </dialog>
  );
}
