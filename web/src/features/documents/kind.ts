import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '@schemas/common';
import type { Party, Receipt, ReceiptableType, Settings, TaxLine, Totals } from '@schemas/documents';
import type { ProductEntry } from '../../shared/api/products';
import type { Printable, PrintLayout } from '../../shared/print';
import { documentNumber } from '../../shared/ui/documentNumber';
import type { Column } from '../../shared/ui/DataTable';
import type { DocumentQueries } from './api';
import type { DocumentDraft, DraftLine, KeptHeader, LineMode } from './draft';

/** What every trading document has, as the pages read it. */
export interface TradingDocument extends Totals {
  id: number;
  number: string | null;
  status: string;
  version: number;
  location_id: number;
  location: { name: string };
  notes: string | null;
  created_by_id: number | null;
  receipts?: Receipt[];
  /** A document sold at the shop's rates: its tax per rate, and whether an administrator set another figure. */
  taxes?: TaxLine[];
  tax_computed?: number;
  tax_overridden?: boolean;
  tax_exempt_certificate?: string | null;
}

/** A change of status the document's page asks about first: Send, Complete, Mark as Received, Cancel. */
export interface Transition<D> {
  action: string;
  label: string;
  title: string;
  message: (document: D) => string;
  confirmLabel: string;
  failureMessage: string;
  done: string;
  when: (document: D) => boolean;
  /** Only an administrator may (cancel a credit note). */
  adminOnly?: true;
}

export type ListFilter = 'status' | 'payment_status' | 'dateFrom' | 'dateTo' | 'overdue';

/** The kind's own header fields in the editor: what they send, and how they show (with their messages). */
export interface HeaderFields {
  input: Record<string, unknown>;
  fields: (errors: FieldErrors) => ReactNode;
  afterTotals?: (errors: FieldErrors) => ReactNode;
  /** A new document's common case in one step (a sale's Complete and pay): `prepare` sets the fields it needs, then the form is saved. */
  primary?: { label: string; prepare: () => void };
}

/** The few fields left to change on a posted document (a sent invoice, a completed sale). */
export interface PostedEdit<D> {
  when: (document: D) => boolean;
  note: string;
  schema: z.ZodType;
  values: (document: D) => Record<string, string>;
  fields: (bind: (name: string) => { name: string; value: string; errors?: string[]; onChange: (value: string) => void }) => ReactNode;
}

/** The kinds of document, as the activity and permissions name them: the editable kinds' lines, and credit notes. */
export type DocumentMode = LineMode | 'credit_note' | 'supplier_return';

/** What a kind's list shows and offers (./lists): no editor, no print, no schemas. */
export interface ListKind<D extends TradingDocument> {
  /** The kind's activity and permissions (and an editable kind's lines and print). */
  mode: DocumentMode;
  /** The pages' path and the API's: /invoices, /api/invoices. */
  path: string;
  queries: DocumentQueries<D>;
  /** As a title: 'Purchase Order'. */
  name: string;
  /** In a sentence: 'purchase order'; its plural adds an s. */
  noun: string;
  listTitle: string;
  /** The create page's title and the list's button; left out, the list has none (a credit note starts from its invoice or sale). */
  newTitle?: string;
  statuses: readonly string[];
  party: (document: D) => Party;
  printable: (document: D) => Printable;
  /** The filters after the party's and the branch's, the columns, and the row's own buttons beside View. */
  filters: readonly ListFilter[];
  listClassName?: string;
  columns: Column<D>[];
  rowClassName?: (document: D) => string | undefined;
  useRowActions?: () => { button: (document: D) => ReactNode; error?: string | null; node: ReactNode };
  canEdit: (document: D) => boolean;
  /** By its status; the user's permission is checked beside. */
  canDelete: (document: D) => boolean;
}

/**
 * One kind of document (invoice, sale, purchase order, quote, credit note) as the generic pages show it:
 * its list, and its names, routes, view and actions. Texts built from `name` and `noun` read e.g. "Invoice not
 * found", "Error deleting purchase order. Please try again."
 */
export interface DocumentKind<D extends TradingDocument, Line extends { id: number }> extends ListKind<D> {
  /** What its payments name it; a kind without one takes no payments (a quote). */
  receiptableType?: ReceiptableType;
  /** The status as shown, when it is not the stored one. */
  shownStatus?: (document: D) => string;
  partyHeading: string;
  printLayouts?: PrintLayout[];

  /** View. */
  numberLabel?: string;
  locationLabel?: string;
  summary?: 'bill' | 'order' | 'offer';
  backToList?: boolean;
  facts: (document: D) => { label: string; value: ReactNode }[];
  lines: (document: D) => Line[];
  lineLabel: (line: Line) => string;
  lineColumns: Column<Line>[];
  payments?: (document: D) => Receipt[];
  canPay: (document: D) => boolean;
  /** Buttons of the kind's own before `post` (a purchase order's Receive). */
  Actions?: (props: { document: D }) => ReactNode;
  post?: Transition<D>;
  cancel?: Transition<D>;
}

/** A kind made and changed in the document editor: its lines, and what the editor needs of it. */
export interface EditableKind<D extends TradingDocument, Line extends { id: number }> extends DocumentKind<D, Line> {
  mode: LineMode;
  newTitle: string;
  /** Where Create goes once saved: the list, or the new document's page. */
  afterCreate: 'list' | 'detail';
  post: Transition<D>;
  cancel: Transition<D>;
  editNote?: (document: D) => string | undefined;
  posted?: PostedEdit<D>;
  usePresetProduct?: () => { waiting: boolean; product: ProductEntry | null };
  /** The party a new document starts with (a sale's walk-in customer); the cursor then starts at the items. */
  usePresetParty?: () => { waiting: boolean; party: Party | null };
  /** What the document's page offers first after it is created here (a counter sale's receipt). */
  printAfterCreate?: PrintLayout;
  schemas: { create: z.ZodType; update: z.ZodType };
  /** The header fields the kind adds, whose messages go under them. */
  formFields: readonly string[];
  draftLine: (line: Line) => DraftLine;
  /** `kept`: the fields as a draft kept in the browser holds them, to start from instead. */
  useHeader: (document: D | undefined, state: DocumentDraft, settings: Settings | undefined, kept?: KeptHeader) => HeaderFields;
}

/** Whom a kind's documents are made out to. */
export const partyLabel = (mode: DocumentMode) => (mode === 'purchase' || mode === 'supplier_return' ? 'Supplier' : 'Customer');

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How a document is named on screen after "Invoice #": its number, or "26 (draft)" until it has one. */
export const numberOf = documentNumber;
