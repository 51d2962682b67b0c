import { useState } from 'react';
import type { Party } from '@schemas/documents';
import type { ProductType } from '../api/products';
import { centsText, lineCents, percentOf, toCents } from './cents';

/** Invoice lines have a description and a unit price; sale lines a price and a discount percent. */
export type LineMode = 'invoice' | 'sale';

export interface DraftLine {
  key: string;
  product_id: number;
  product_type: ProductType;
  product_name: string;
  description: string;
  quantity: number;
  priceCents: number;
  /** Percent, sales only. */
  discount: number;
}

export const draftLineCents = (line: DraftLine) => lineCents(line.priceCents, line.quantity, line.discount);

export interface DraftStart {
  customer: Party | null;
  location_id: string;
  lines: DraftLine[];
  notes: string;
  discount_amount: string;
  /** null: the tax follows the shop's rate until someone types an amount. */
  tax_amount: string | null;
}

let lineCounter = 0;
export const newLineKey = () => `line-${++lineCounter}`;

/** What the document editor holds: the party, the branch, the lines, notes, discount and tax, and the totals in cents. */
export function useDocumentDraft(start: DraftStart, taxRate: number) {
  const [draft, setDraft] = useState(start);
  const set = <K extends keyof DraftStart>(name: K, value: DraftStart[K]) => setDraft((current) => ({ ...current, [name]: value }));

  const subtotalCents = draft.lines.reduce((sum, line) => sum + draftLineCents(line), 0);
  const discountCents = toCents(draft.discount_amount);
  const defaultTaxCents = percentOf(Math.max(subtotalCents - discountCents, 0), taxRate);
  const taxCents = draft.tax_amount === null ? defaultTaxCents : toCents(draft.tax_amount);
  const totals = { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };

  return {
    draft,
    set,
    totals,
    taxRate,
    /** The tax box's text: the computed default until it is typed over. */
    taxText: draft.tax_amount ?? centsText(defaultTaxCents),
    addLine: (line: DraftLine) => setDraft((current) => ({ ...current, lines: [...current.lines, line] })),
    removeLine: (key: string) => setDraft((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) })),
  };
}

export type DocumentDraft = ReturnType<typeof useDocumentDraft>;

/** The header fields every document sends, as the API's schemas read them. */
export function draftInput(state: DocumentDraft) {
  const { draft, taxText } = state;
  return {
    customer_id: draft.customer?.id ?? '',
    location_id: draft.location_id,
    discount_amount: draft.discount_amount,
    tax_amount: taxText,
    notes: draft.notes,
  };
}

/** The lines as the API's item schemas read them. */
export function linesInput(mode: LineMode, lines: DraftLine[]) {
  return lines.map((line) =>
    mode === 'invoice'
      ? { product_id: line.product_id, description: line.description, quantity: line.quantity, unit_price: centsText(line.priceCents) }
      : { product_id: line.product_id, quantity: line.quantity, selling_price: centsText(line.priceCents), discount: line.discount },
  );
}
