import { useState } from 'react';
import type { z } from 'zod';
import { LINE_PRODUCT_TYPES, PURCHASABLE_TYPES, invoiceItemInput, purchaseItemInput, saleItemInput, type Party } from '@schemas/documents';
import type { ProductType } from '../../shared/api/products';
import { centsText, lineCents, toCents } from '../../shared/ui/money';
import { useDocumentPreview } from './api';

/** Invoice and quote lines have a description and a unit price; sale lines a price and a discount percent; purchase lines a cost price and notes. */
export type LineMode = 'invoice' | 'sale' | 'purchase' | 'quote';

export interface DraftLine {
  key: string;
  /** A saved purchase line's id: the server keeps what it received with it. */
  id?: number;
  product_id: number;
  product_type: ProductType;
  product_name: string;
  description: string;
  /** Purchase lines only. */
  notes?: string;
  quantity: number;
  priceCents: number;
  /** Percent, sales only. */
  discount: number;
  /** What a purchase line has already received: its quantity cannot go below it, nor can it be removed. */
  received?: number;
  /** The fees its product calls for that the customer is let off, and why (a line sold at the counter). */
  waivedFees?: { fee_rule_id: number; reason: string }[];
}

/** What tells one kind of document's lines from another's: the few places where invoices, sales and purchase orders differ. */
export interface LineKind {
  /** The party the document is made out to. */
  party: { label: string; field: 'customer_id' | 'supplier_id'; placeholder: string; kind: 'customers' | 'suppliers' };
  productTypes: readonly ProductType[];
  priceLabel: string;
  /** The price's name in the line's schema. */
  priceField: 'unit_price' | 'selling_price' | 'cost_price';
  /** Which of the product's prices fills the price box when it is chosen. */
  priceFrom: 'selling_price' | 'cost_price';
  /** A line's own text: an invoice's description, a purchase line's notes. */
  text: { field: 'description' | 'notes'; label: string } | null;
  discount: boolean;
  /** Selling takes stock from the branch (a line is marked when it has too few); buying brings it. */
  checksStock: boolean;
  /** What the table lets a line change after it is added: its quantity (a purchase line's not below what it received), price and discount. */
  editable: { price: boolean };
  /** The line's schema, checked when Add is pressed. */
  schema: z.ZodType;
  toInput: (line: DraftLine) => Record<string, unknown>;
}

const CUSTOMER = { label: 'Customer', field: 'customer_id', placeholder: 'Search customers by name or phone', kind: 'customers' } as const;

const INVOICE_LINES: LineKind = {
  party: CUSTOMER,
  productTypes: LINE_PRODUCT_TYPES,
  priceLabel: 'Unit Price',
  priceField: 'unit_price',
  priceFrom: 'selling_price',
  text: { field: 'description', label: 'Description' },
  discount: false,
  checksStock: true,
  editable: { price: true },
  schema: invoiceItemInput,
  toInput: (line) => ({ product_id: line.product_id, description: line.description, quantity: line.quantity, unit_price: centsText(line.priceCents) }),
};

export const LINE_KINDS: Record<LineMode, LineKind> = {
  invoice: INVOICE_LINES,
  quote: INVOICE_LINES,
  sale: {
    party: CUSTOMER,
    productTypes: LINE_PRODUCT_TYPES,
    priceLabel: 'Price',
    priceField: 'selling_price',
    priceFrom: 'selling_price',
    text: null,
    discount: true,
    checksStock: true,
    editable: { price: true },
    schema: saleItemInput,
    toInput: (line) => ({ product_id: line.product_id, quantity: line.quantity, selling_price: centsText(line.priceCents), discount: line.discount }),
  },
  purchase: {
    party: { label: 'Supplier', field: 'supplier_id', placeholder: 'Search suppliers by name or phone', kind: 'suppliers' },
    productTypes: PURCHASABLE_TYPES,
    priceLabel: 'Cost Price',
    priceField: 'cost_price',
    priceFrom: 'cost_price',
    text: { field: 'notes', label: 'Notes' },
    discount: false,
    checksStock: false,
    // A purchase line's cost becomes the product's when received: it is typed in the item entry row, where staff's is fixed.
    editable: { price: false },
    schema: purchaseItemInput,
    toInput: (line) => ({
      ...(line.id ? { id: line.id } : {}),
      product_id: line.product_id,
      quantity: line.quantity,
      cost_price: centsText(line.priceCents),
      notes: line.notes ?? '',
    }),
  },
};

export const draftLineCents = (line: DraftLine) => lineCents(line.priceCents, line.quantity, line.discount);

export interface DraftStart {
  /** The customer (invoices, sales) or the supplier (purchase orders). */
  party: Party | null;
  location_id: string;
  lines: DraftLine[];
  notes: string;
  discount_amount: string;
  /** null: the tax is what the shop's rates give (a purchase order's: none typed); a figure is an override. */
  tax_amount: string | null;
}

/** A kind's header fields as a kept draft holds them (what they send), to open the editor with. */
export type KeptHeader = Partial<Record<string, string>>;

let lineCounter = 0;
export const newLineKey = () => `line-${++lineCounter}`;

type SavedLine = Pick<DraftLine, 'product_id' | 'product_type' | 'product_name' | 'quantity'> & { description: string | null };

/** A saved line as the editor holds it, at its price; `extra` is the kind's own (a discount, a purchase line's id). */
export const savedLine = (line: SavedLine, priceCents: number, extra: Partial<DraftLine> = {}): DraftLine => ({
  key: newLineKey(),
  product_id: line.product_id,
  product_type: line.product_type,
  product_name: line.product_name,
  description: line.description ?? '',
  quantity: line.quantity,
  priceCents,
  discount: 0,
  ...extra,
});

/** What the document editor holds: the party, the branch, the lines, notes, discount and tax, and the totals in cents. */
export function useDocumentDraft(mode: LineMode, start: DraftStart) {
  const [draft, setDraft] = useState(start);
  const set = <K extends keyof DraftStart>(name: K, value: DraftStart[K]) => setDraft((current) => ({ ...current, [name]: value }));
  // What the shop sells is taxed by the server's rule; a purchase order's tax is typed from the supplier's invoice.
  const taxed = mode !== 'purchase';

  const subtotalCents = draft.lines.reduce((sum, line) => sum + draftLineCents(line), 0);
  const discountCents = toCents(draft.discount_amount);
  const tax = useDocumentPreview(
    taxed
      ? {
          customer_id: draft.party?.id ?? null,
          discount_amount: centsText(discountCents),
          items: draft.lines.map((line) => ({
            product_id: line.product_id,
            quantity: line.quantity,
            unit_price: centsText(line.priceCents),
            discount_percent: line.discount,
            waived_fees: line.waivedFees ?? [],
          })),
        }
      : null,
  );
  const fees = tax.preview?.fees ?? [];
  const feeCents = fees.reduce((sum, fee) => sum + Math.round(fee.total * 100), 0);
  const computedTaxCents = Math.round((tax.preview?.tax_amount ?? 0) * 100);
  const taxCents = draft.tax_amount === null ? (taxed ? computedTaxCents : 0) : toCents(draft.tax_amount);
  const itemsCents = subtotalCents + feeCents;
  const totals = { subtotalCents: itemsCents, discountCents, taxCents, totalCents: itemsCents - discountCents + taxCents };

  return {
    mode,
    kind: LINE_KINDS[mode],
    draft,
    set,
    totals,
    taxed,
    /** The rule's tax per rate, and whether the figure shown is still being worked out for the lines as they are. */
    taxes: tax.preview?.taxes ?? [],
    computedTaxCents,
    taxPending: taxed && tax.pending,
    /** The fee lines the items carry, by the item's index. */
    fees,
    exemptCertificate: tax.preview?.tax_exempt_certificate ?? null,
    addLine: (line: DraftLine) => setDraft((current) => ({ ...current, lines: [...current.lines, line] })),
    removeLine: (key: string) => setDraft((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) })),
    /** A line's quantity, price or discount as typed in the table. */
    changeLine: (key: string, change: Partial<Pick<DraftLine, 'quantity' | 'priceCents' | 'discount' | 'waivedFees'>>) =>
      setDraft((current) => ({ ...current, lines: current.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) })),
  };
}

export type DocumentDraft = ReturnType<typeof useDocumentDraft>;

/** The header fields every document sends, as the API's schemas read them. */
export function draftInput(state: DocumentDraft) {
  const { draft, kind } = state;
  return {
    [kind.party.field]: draft.party?.id ?? '',
    location_id: draft.location_id,
    discount_amount: draft.discount_amount,
    tax_amount: draft.tax_amount ?? '',
    notes: draft.notes,
  };
}

/** The lines as the API's item schemas read them. */
export function linesInput(state: DocumentDraft) {
  return state.draft.lines.map((line) => ({ ...state.kind.toInput(line), ...(state.taxed ? { waived_fees: line.waivedFees ?? [] } : {}) }));
}
