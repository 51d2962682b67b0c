import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { PagedResource } from '../api/resource';
import type { ActivityRecordType } from '../audit/activity';
import type { FieldSpec } from '../forms/RecordForm';
import type { KeepDraft } from '../forms/useSchemaForm';
import type { Column } from '../ui/DataTable';

export interface RecordBase {
  id: number;
  name: string;
  /** Raised by every change: a save made from an older one is refused (412). */
  version: number;
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

/** What the create and edit pages hand to a form. */
export interface RecordFormProps<T, S extends z.ZodType> {
  /** The record being edited; missing when adding one. */
  record?: T;
  submitLabel: string;
  cancelTo: string;
  pending: boolean;
  /** The failed save; anything but a 422 shows `failureMessage`. */
  error: Error | null;
  failureMessage: string;
  onSubmit: (input: z.output<S>) => void;
  /** Offered when the record changed since the form opened: loads it as it is now. */
  onReload?: () => void;
  /** Keeps what is typed as the page's draft (a create or edit page's form; not an inline one). */
  keep?: KeepDraft;
  /** An edit page's Discard of a restored draft: opens the record as it is now. */
  onDiscard?: () => void;
}

export interface RecordConfig<T extends RecordBase, S extends z.ZodType> {
  basePath: string;
  resource: PagedResource<T, z.output<S>>;
  schema: S;
  /** Checks the edit form instead of `schema`, when editing asks for more than adding. */
  updateSchema?: z.ZodType<z.output<S>>;
  /** The generic form's fields (unused with `form`). */
  fields?: (Omit<FieldSpec, 'required'> & { /** 'update': required only when editing. */ required?: boolean | 'update' })[];
  /** A form of the feature's own (selects, checkbox lists) instead of the generic one. */
  form?: ComponentType<RecordFormProps<T, S>>;
  /** A 422's field messages show under the fields rather than in the box above the form. */
  inlineFieldErrors?: boolean;
  columns: Column<T>[];
  /** Without details there is no detail page: lists offer Edit, and saving returns to the list. */
  details?: (record: T) => { label: string; value: ReactNode }[];
  /** Buttons of the detail page's header before Edit, e.g. New invoice for a customer. */
  actions?: (record: T) => ReactNode;
  /** What the detail page shows first, above the details, e.g. a customer's balance and latest documents. */
  lead?: (record: T) => ReactNode;
  /** More of the record under its details, e.g. its stock; on the edit page when there is no detail page. */
  extra?: (record: T) => ReactNode;
  /** The record's activity shows under it (on the edit page when there is no detail page), by this type. */
  activity?: ActivityRecordType;
  /** A record that cannot be loaded for editing is reported on the list instead of on the edit page. */
  backToListOnLoadFailure?: boolean;
  texts: RecordTexts;
}
