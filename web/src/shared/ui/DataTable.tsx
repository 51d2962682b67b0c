import type { Key, MouseEvent, ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Figures line up on the right, header included. */
  numeric?: boolean;
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
  /** A click anywhere on a row opens it; the row must also hold a link or button to it for the keyboard. */
  onRowClick?: (row: T) => void;
  /** A totals line under the rows, one cell per column. */
  foot?: ReactNode[];
  /** Stays a table on a phone (scrolling in its box, which takes the focus) instead of becoming cards. */
  plain?: boolean;
}

function orDash(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? <span className="cell-empty">—</span> : value;
}

function cellClass(column: Column<unknown>, index: number): string | undefined {
  return [index === 0 ? 'cell-primary' : '', column.numeric ? 'cell-number cell-end' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined;
}

/** A click on the row itself, not on a link or button inside it. */
function isRowClick(event: MouseEvent): boolean {
  return !(event.target instanceof Element && event.target.closest('a, button, input, select, textarea'));
}

export function DataTable<T>({ caption, columns, rows, rowKey, rowLabel, actions, rowClassName, onRowClick, foot, plain = false }: DataTableProps<T>) {
  return (
    // A plain table may scroll in its box, which the keyboard must be able to reach.
    <div className="table-wrap" {...(plain ? { tabIndex: 0, role: 'region', 'aria-label': `${caption} table` } : {})}>
      <table className={plain ? 'data-table data-table-plain' : 'data-table'}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'cell-end' : undefined}>
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
            <tr
              key={rowKey(row)}
              aria-label={rowLabel(row)}
              className={[rowClassName?.(row), onRowClick ? 'row-link' : ''].filter(Boolean).join(' ') || undefined}
              onClick={onRowClick && ((event) => isRowClick(event) && onRowClick(row))}
            >
              {columns.map((column, index) => (
                <td key={column.header} data-label={column.header} className={cellClass(column as Column<unknown>, index)}>
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
        {foot && (
          <tfoot>
            <tr className="row-total">
              {columns.map((column, index) => (
                <td key={column.header} data-label={column.header} className={cellClass(column as Column<unknown>, index)}>
                  {foot[index]}
                </td>
              ))}
              {actions && <td className="col-actions" />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** The header row of a table laid out by hand: a label, or a label with its class; `false` leaves a column out. */
export function HeadRow({ cells }: { cells: (string | [label: string, className: string] | false)[] }) {
  return (
    <tr>
      {cells.map((cell, index) => {
        if (cell === false) return null;
        const [label, className] = typeof cell === 'string' ? [cell, undefined] : cell;
        return (
          <th key={index} scope="col" className={className}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
