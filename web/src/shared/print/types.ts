import type { CreditNote, Invoice, Purchase, Quote, Receipt, Sale, SupplierReturn } from '@schemas/documents';

export type PrintLayout = 'a4' | 'thermal';

export type Printable =
  | { kind: 'invoice'; document: Invoice }
  | { kind: 'quote'; document: Quote }
  | { kind: 'credit_note'; document: CreditNote }
  | { kind: 'supplier_return'; document: SupplierReturn }
  | { kind: 'sale'; document: Sale }
  | { kind: 'purchase'; document: Purchase }
  | { kind: 'receipt'; document: Receipt };
