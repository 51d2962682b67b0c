export function Spinner({ label = 'Loading...', page = false }: { label?: string; page?: boolean }) {
  return (
    <div className={page ? 'spinner-wrap spinner-page' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}
