import { useId } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  /** 'primary' for a step forward (Send, Complete, Receive); a destructive action is 'danger'. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, confirmLabel, pending = false, tone = 'danger', onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <Modal labelledBy={titleId} describedBy={messageId} busy={pending} onClose={onCancel}>
      <div className="dialog-body">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <p id={messageId}>{message}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending} autoFocus>
            Cancel
          </button>
          <button type="button" className={`btn btn-${tone}`} onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
