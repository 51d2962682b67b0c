import { useState } from 'react';
import { isApiError } from '../api/client';
import { ConfirmDialog } from './ConfirmDialog';

interface Action {
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirm button's style: 'danger' (the default) unless the action is a step forward. */
  tone?: 'danger' | 'primary';
  /** Said when the action fails for a reason the server does not put in words. */
  failureMessage: string;
  run: () => Promise<unknown>;
  onDone?: () => void;
}

/** A document action that asks first (Send, Complete, Cancel, Delete); a refusal (409, 422) is said in the server's words. */
export function useConfirmedAction() {
  const [asking, setAsking] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (action: Action) => {
    setError(null);
    setAsking(action);
  };

  const confirm = async () => {
    if (!asking) return;
    setPending(true);
    try {
      await asking.run();
      setAsking(null);
      asking.onDone?.();
    } catch (failure) {
      setAsking(null);
      setError((isApiError(failure, 409) || isApiError(failure, 422)) && failure.message ? failure.message : asking.failureMessage);
    } finally {
      setPending(false);
    }
  };

  const dialog = asking && (
    <ConfirmDialog
      title={asking.title}
      message={asking.message}
      confirmLabel={asking.confirmLabel}
      tone={asking.tone}
      pending={pending}
      onConfirm={confirm}
      onCancel={() => setAsking(null)}
    />
  );

  return { ask, dialog, error, clearError: () => setError(null) };
}
