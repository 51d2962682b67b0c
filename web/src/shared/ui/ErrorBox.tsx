import type { ReactNode } from 'react';

export function ErrorBox({ messages, children }: { messages?: string[]; children?: ReactNode }) {
  return (
    <div className="error-box" role="alert">
      {messages?.map((message, index) => (
        <p key={index}>{message}</p>
      ))}
      {children}
    </div>
  );
}

/** Loads a record that changed since its form opened; what was typed stays on screen until pressed. */
export function ReloadButton({ onReload }: { onReload?: () => void }) {
  if (!onReload) return null;
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={onReload}>
      Reload
    </button>
  );
}
