import { useId, type FormEvent, type ReactNode } from 'react';
import { ErrorBox } from './ErrorBox';
import { Modal } from './Modal';
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
  const titleId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <Modal labelledBy={titleId} className="form-dialog" busy={pending} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {errors && errors.length > 0 && <ErrorBox messages={errors} />}
        <div className="dialog-fields">{children}</div>
        <div className="dialog-actions">
          {actions ?? (
            <>
              <button type="button" className="btn btn-secondary" onClick={onClose} disabled={pending}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
                {pending ? 'Saving...' : submitLabel}
              </button>
            </>
          )}
        </div>
      </form>
    </Modal>
  );
}
