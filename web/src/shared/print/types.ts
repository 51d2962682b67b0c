import type { Invoice, Purchase, Receipt, Sale } from '@schemas/documents';

export type PrintLayout = 'a4' | 'thermal';

export type Printable =
  | { kind: 'invoice'; document: Invoice }
  | { kind: 'sale'; document: Sale }
  | { kind: 'purchase'; document: Purchase }
  | { kind: 'receipt'; document: Receipt };
