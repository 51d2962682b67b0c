interface PaginationProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, lastPage, onChange }: PaginationProps) {
  return (
    <nav className="pagination" aria-label="Pagination">
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      <span className="pagination-status">
        Page {page} of {Math.max(lastPage, 1)}
      </span>
      <button type="button" className="btn btn-secondary" disabled={page >= lastPage} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
