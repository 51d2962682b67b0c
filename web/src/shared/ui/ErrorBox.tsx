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
