import type { Key, ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  rowLabel: (row: T) => string;
  actions?: (row: T) => ReactNode;
  /** A class for a row, e.g. to highlight it. */
  rowClassName?: (row: T) => string | undefined;
}

function orDash(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? <span className="cell-empty">—</span> : value;
}

export function DataTable<T>({ caption, columns, rows, rowKey, rowLabel, actions, rowClassName }: DataTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="col-actions">
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} aria-label={rowLabel(row)} className={rowClassName?.(row)}>
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={[index === 0 ? 'cell-primary' : '', column.className ?? ''].join(' ').trim() || undefined}
                >
                  {orDash(column.cell(row))}
                </td>
              ))}
              {actions && (
                <td className="col-actions" data-label="Actions">
                  <div className="row-actions">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
