import { useEffect, type ReactNode } from 'react';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Wheelhouse`;
  }, [title]);
}

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
