import { PAYMENT_METHOD_LABELS, RECEIPTABLE_LABELS, type Invoice, type Receipt, type Sale } from '@schemas/documents';
import { formatDate } from '../dates';
import type { Printable } from './types';

export const percentText = (value: number) => `${Number(value.toFixed(2))}%`;

export const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The printed title: a draft invoice is a quote. */
export function printTitle(printable: Printable): string {
  switch (printable.kind) {
    case 'invoice':
      return printable.document.status === 'draft' ? 'Quote' : 'Invoice';
    case 'sale':
      return 'Sale';
    case 'receipt':
      return 'Receipt';
  }
}

export function printNumber(printable: Printable): string {
  return printable.document.number ?? 'Draft';
}

/** What the print dialog and a saved PDF are called, e.g. "Invoice INV-2026-00001". */
export function printFileTitle(printable: Printable): string {
  const { number } = printable.document;
  if (number) return `${printTitle(printable)} ${number}`;
  return printable.kind === 'receipt' ? 'Receipt' : `${printTitle(printable)} ${printable.document.customer?.name ?? ''}`.trim();
}

export interface PrintedLine {
  key: number;
  name: string;
  detail: string | null;
  quantity: number;
  unitPrice: number;
  /** Percent, sales only. */
  discount: number | null;
  total: number;
}

/** The header facts beside the title: dates, status, payment method. */
export type Facts = [label: string, value: string][];

/** An invoice or a sale as the printed page shows it. */
export interface TradingPrint {
  facts: Facts;
  lines: PrintedLine[];
  hasLineDiscount: boolean;
  /** A draft invoice: nothing is owed or paid on it yet. */
  isQuote: boolean;
  document: Invoice | Sale;
}

const dotText = (dot: string | null) => (dot ? `DOT ${dot}` : null);
const lineDetail = (description: string | null, name: string, dot: string | null) =>
  [description && description !== name ? description : null, dotText(dot)].filter(Boolean).join(' · ') || null;

export function tradingPrint(printable: Extract<Printable, { kind: 'invoice' | 'sale' }>): TradingPrint {
  if (printable.kind === 'invoice') {
    const invoice = printable.document;
    const isQuote = invoice.status === 'draft';
    return {
      document: invoice,
      hasLineDiscount: false,
      isQuote,
      facts: isQuote
        ? [
            ['Date', formatDate(invoice.issued_date)],
            ['Valid Until', formatDate(invoice.due_date) || '-'],
          ]
        : [
            ['Issue Date', formatDate(invoice.issued_date)],
            ['Due Date', formatDate(invoice.due_date) || '-'],
            ['Status', capitalized(invoice.status)],
          ],
      lines: invoice.items.map((item) => ({
        key: item.id,
        name: item.product_name,
        detail: lineDetail(item.description, item.product_name, item.dot),
        quantity: item.quantity,
        unitPrice: item.unit_price,
        discount: null,
        total: item.total,
      })),
    };
  }
  const sale = printable.document;
  return {
    document: sale,
    isQuote: false,
    hasLineDiscount: sale.items.some((item) => item.discount > 0),
    facts: [
      ['Sale Date', formatDate(sale.sale_date)],
      ['Payment Method', PAYMENT_METHOD_LABELS[sale.payment_method] ?? sale.payment_method],
      ['Status', capitalized(sale.status)],
    ],
    lines: sale.items.map((item) => ({
      key: item.id,
      name: item.product_name,
      detail: lineDetail(item.description, item.product_name, item.dot),
      quantity: item.quantity,
      unitPrice: item.selling_price,
      discount: item.discount,
      total: item.total_price,
    })),
  };
}

/** Who the money came from or went to, in the receipt's words. */
export function partyLabel(receipt: Receipt): string {
  return receipt.type === 'expense' ? 'Paid To' : receipt.type === 'refund' ? 'Refunded To' : 'Received From';
}

/** The method and its extra fields (bank, cheque number, transaction id). */
export function methodFacts(receipt: Receipt): Facts {
  const facts: Facts = [['Payment Method', PAYMENT_METHOD_LABELS[receipt.payment_method] ?? receipt.payment_method]];
  if (receipt.bank_name) facts.push(['Bank Name', receipt.bank_name]);
  if (receipt.cheque_number) facts.push(['Cheque Number', receipt.cheque_number]);
  if (receipt.transaction_id) facts.push(['Transaction ID', receipt.transaction_id]);
  if (receipt.reference_number) facts.push(['Reference', receipt.reference_number]);
  return facts;
}

export function relatedDocumentText(receipt: Receipt): string {
  return `${RECEIPTABLE_LABELS[receipt.receiptable_type] ?? receipt.receiptable_type} ${receipt.document_number ?? `#${receipt.receiptable_id}`}`;
}
