import type { Invoice, Receipt, Sale } from '@schemas/documents';

export type PrintLayout = 'a4' | 'thermal';

export type Printable = { kind: 'invoice'; document: Invoice } | { kind: 'sale'; document: Sale } | { kind: 'receipt'; document: Receipt };
