import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { ConfirmDialog } from './ConfirmDialog';

interface Options<Id> {
  remove: UseMutationResult<unknown, Error, Id>;
  title: string;
  confirmMessage: string;
  failureMessage: string;
  onDeleted: () => void;
}

export function useConfirmedDelete<Id>({ remove, title, confirmMessage, failureMessage, onDeleted }: Options<Id>) {
  const [target, setTarget] = useState<Id | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = (id: Id) => {
    setError(null);
    setTarget(id);
  };

  const confirm = () => {
    if (target === null) return;
    remove.mutate(target, {
      onSuccess: () => {
        setTarget(null);
        onDeleted();
      },
      onError: (failure) => {
        setTarget(null);
        setError(isApiError(failure, 409) && failure.message ? failure.message : failureMessage);
      },
    });
  };

  const dialog =
    target === null ? null : (
      <ConfirmDialog
        title={title}
        message={confirmMessage}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      />
    );

  return { ask, dialog, error };
}
