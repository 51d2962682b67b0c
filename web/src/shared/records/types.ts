import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { PagedResource } from '../api/resource';
import type { FieldSpec } from '../forms/RecordForm';
import type { Column } from '../ui/DataTable';

export interface RecordBase {
  id: number;
  name: string;
}

export interface RecordTexts {
  listTitle: string;
  createTitle: string;
  detailTitle: string;
  editTitle: string;
  addButton: string;
  searchPlaceholder: string;
  searchLabel: string;
  empty: string;
  notFound: string;
  loadError: string;
  added: string;
  updated: string;
  deleted: string;
  addFailed: string;
  updateFailed: string;
  deleteTitle: string;
  deleteConfirm: string;
  deleteFailed: string;
  saveButton: string;
  updateButton: string;
  loading: string;
}

export interface RecordConfig<T extends RecordBase, S extends z.ZodType> {
  basePath: string;
  resource: PagedResource<T, z.output<S>>;
  schema: S;
  fields: FieldSpec[];
  columns: Column<T>[];
  details: (record: T) => { label: string; value: ReactNode }[];
  texts: RecordTexts;
}
