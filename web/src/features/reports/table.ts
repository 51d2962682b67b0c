import type { Key, ReactNode } from 'react';
import { toCsv } from '@schemas/csv';
import { formatDate } from '../../shared/ui/dates';
import { saveFile } from '../../shared/ui/download';
import { formatMoney } from '../../shared/ui/money';
import { formatCount, formatPercent } from './format';

export type CellValue = string | number | null;

export interface ReportColumn<T> {
  header: string;
  value: (row: T) => CellValue;
  /** How the value reads: money with a dollar sign, a count, a percent, a date; text as it is. */
  kind?: 'money' | 'number' | 'percent' | 'date' | 'text';
  /** The text on screen and paper when it is not the value's, e.g. 'Week of Nov 2, 2026' for 2026-11-02. */
  display?: (row: T) => string;
  /** What the screen shows instead of the text, e.g. a link to the document. */
  cell?: (row: T) => ReactNode;
  /** Kept on one line (sizes, dates, phone numbers, document numbers). */
  nowrap?: boolean;
  /** Printed and exported, but on screen shown inside another column's cell (a phone under the name). */
  offScreen?: boolean;
}

/** One table of a report: shown on screen, printed and exported from this one description. */
export interface ReportTable<T> {
  title: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  rowLabel: (row: T) => string;
  /** A totals line, one value per column. */
  totals?: CellValue[];
  empty: string;
  /** The CSV file's name without the extension. */
  fileName: string;
}

/** A row's cell as the screen (without its link) and the printed page show it. */
export function cellText<T>(column: ReportColumn<T>, row: T): string {
  return column.display ? column.display(row) : displayValue(column.kind, column.value(row));
}

export function isNumeric(column: { kind?: ReportColumn<never>['kind'] }): boolean {
  return column.kind === 'money' || column.kind === 'number' || column.kind === 'percent';
}

/** A value as the screen and the printed page show it. */
export function displayValue(kind: ReportColumn<never>['kind'], value: CellValue): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'number':
      return typeof value === 'number' ? formatCount(value) : value;
    case 'percent':
      return typeof value === 'number' ? formatPercent(value) : value;
    case 'date':
      return formatDate(String(value));
    default:
      return String(value);
  }
}

/** A value as the CSV file holds it: money and counts as plain numbers, dates as YYYY-MM-DD. */
function csvValue(kind: ReportColumn<never>['kind'], value: CellValue): CellValue {
  if (value === null) return null;
  if (kind === 'money' && typeof value === 'number') return value.toFixed(2);
  return value;
}

export function tableCsv<T>(table: ReportTable<T>): string {
  const rows = table.rows.map((row) => table.columns.map((column) => csvValue(column.kind, column.value(row))));
  if (table.totals) rows.push(table.totals.map((value, index) => csvValue(table.columns[index]?.kind, value)));
  return toCsv(
    table.columns.map((column) => column.header),
    rows,
  );
}

/** Offers the table as a CSV file, named after the table and the report's filters. */
export function downloadCsv<T>(table: ReportTable<T>): void {
  saveFile(tableCsv(table), `${table.fileName}.csv`);
}

/** A file name part from free text: 'Sales by Period' → 'sales-by-period'. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
