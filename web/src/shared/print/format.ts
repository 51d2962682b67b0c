import { PAYMENT_METHOD_LABELS, RECEIPTABLE_LABELS, type Party, type Receipt, type Totals } from '@schemas/documents';
import { formatDate } from '../ui/dates';
import { formatMoney } from '../ui/money';
import type { Printable } from './types';
import { documentNumber } from '../ui/documentNumber';
import { vehiclePrintFacts } from './vehicle';

export const percentText = (value: number) => `${Number(value.toFixed(2))}%`;

export const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The printed title. */
export function printTitle(printable: Printable): string {
  switch (printable.kind) {
    case 'invoice':
      return 'Invoice';
    case 'quote':
      return 'Quote';
    case 'credit_note':
      return 'Credit Note';
    case 'supplier_return':
      return 'Supplier Return';
    case 'sale':
      return 'Sale';
    case 'purchase':
      return 'Purchase Order';
    case 'receipt':
      return 'Receipt';
  }
}

export function printNumber(printable: Printable): string {
  return documentNumber(printable.document);
}

/** What the print dialog and a saved PDF are called, e.g. "Invoice INV-2026-00001". */
export function printFileTitle(printable: Printable): string {
  const { number } = printable.document;
  if (number) return `${printTitle(printable)} ${number}`;
  switch (printable.kind) {
    case 'receipt':
      return 'Receipt';
    case 'purchase':
    case 'supplier_return':
      return `${printTitle(printable)} ${printable.document.supplier?.name ?? ''}`.trim();
    default:
      return `${printTitle(printable)} ${printable.document.customer?.name ?? ''}`.trim();
  }
}

export interface PrintedLine {
  key: number;
  name: string;
  detail: string | null;
  quantity: number;
  /** The unit price, or a purchase line's cost price. */
  unitPrice: number;
  /** Percent, sales only. */
  discount: number | null;
  total: number;
}

/** The header facts beside the title: dates, status, payment method. */
export type Facts = [label: string, value: string][];

/** An invoice, a sale or a purchase order as the printed page shows it. */
export interface TradingPrint {
  /** Bill To the customer, or the Supplier. */
  party: { heading: string; party: Party | null | undefined };
  facts: Facts;
  /** The branch: where the goods leave ('Branch') or are delivered ('Deliver To'). */
  branchLabel: string;
  priceLabel: string;
  lines: PrintedLine[];
  hasLineDiscount: boolean;
  /**
   * Paid, Balance Due and the payments: not on a draft invoice or a quote (nothing owed yet) nor on a
   * purchase order (it goes to the supplier, who needs what is ordered, not what the shop has paid).
   */
  showsPayments: boolean;
  /** A tax row of 0 is left out (purchase orders). */
  showsZeroTax: boolean;
  /** A line to sign under the totals, e.g. 'Authorised by' on a purchase order. */
  signature?: string;
  document: Totals & { notes: string | null; location?: { name: string; address?: string | null } | null; receipts?: Receipt[] };
}

/** What a returned unit was paid before tax, after every discount. */
export const unitValue = (line: { total: number; quantity: number }) => Math.round((line.total / line.quantity) * 100) / 100;

const dotText = (dot: string | null) => (dot ? `DOT ${dot}` : null);
const lineDetail = (description: string | null, name: string, dot: string | null) =>
  [description && description !== name ? description : null, dotText(dot)].filter(Boolean).join(' · ') || null;

/** Lines at a unit price with no discount of their own: an invoice's or a quote's. */
const pricedLines = (items: { id: number; product_name: string; description: string | null; dot: string | null; quantity: number; unit_price: number; total: number }[]) =>
  items.map((item) => ({
    key: item.id,
    name: item.product_name,
    detail: lineDetail(item.description, item.product_name, item.dot),
    quantity: item.quantity,
    unitPrice: item.unit_price,
    discount: null,
    total: item.total,
  }));

export function tradingPrint(printable: Exclude<Printable, { kind: 'receipt' }>): TradingPrint {
  const selling = { branchLabel: 'Branch', showsZeroTax: true };
  if (printable.kind === 'purchase') {
    const purchase = printable.document;
    return {
      document: purchase,
      party: { heading: 'Supplier', party: purchase.supplier },
      branchLabel: 'Deliver To',
      priceLabel: 'Cost Price',
      showsZeroTax: false,
      hasLineDiscount: false,
      showsPayments: false,
      signature: 'Authorised by',
      facts: [
        ['Order Date', formatDate(purchase.purchase_date)],
        ['Expected Delivery', formatDate(purchase.expected_delivery_date) || '-'],
        ...(purchase.reference_number ? ([['Reference', purchase.reference_number]] as Facts) : []),
      ],
      lines: purchase.purchase_items.map((item) => ({
        key: item.id,
        name: item.product_name,
        detail: [item.notes, dotText(item.dot)].filter(Boolean).join(' · ') || null,
        quantity: item.quantity,
        unitPrice: item.cost_price_at_purchase,
        discount: null,
        total: item.total_price,
      })),
    };
  }
  if (printable.kind === 'credit_note') {
    const note = printable.document;
    const settled: Facts =
      note.settle === 'refund'
        ? [['Refunded', formatMoney(note.refunded_amount)]]
        : note.settle === 'credit'
          ? [['Store Credit', formatMoney(note.store_credit_amount)]]
          : [];
    return {
      ...selling,
      branchLabel: 'Returned To',
      document: note,
      party: { heading: 'Credit To', party: note.customer },
      priceLabel: 'Unit Price',
      hasLineDiscount: false,
      showsPayments: false,
      facts: [
        ['Date', formatDate(note.issued_date)],
        ['Returned From', `${note.document.type} ${note.document.number ?? `#${note.document.id}`}`],
        ['Reason', note.reason],
        ...settled,
      ],
      lines: note.items.map((item) => ({
        key: item.id,
        name: item.product_name,
        detail: [dotText(item.dot), item.restock ? 'Back in stock' : 'Not restocked'].filter(Boolean).join(' · '),
        quantity: item.quantity,
        unitPrice: unitValue(item),
        discount: null,
        total: item.total,
      })),
    };
  }
  if (printable.kind === 'supplier_return') {
    const back = printable.document;
    return {
      ...selling,
      branchLabel: 'Sent From',
      document: back,
      party: { heading: 'Supplier', party: back.supplier },
      priceLabel: 'Unit Cost',
      hasLineDiscount: false,
      showsPayments: false,
      signature: 'Authorised by',
      facts: [
        ['Date', formatDate(back.issued_date)],
        ['Returned From', `Purchase Order ${back.document.number}`],
        ['Reason', back.reason],
      ],
      lines: back.items.map((item) => ({
        key: item.id,
        name: item.product_name,
        detail: dotText(item.dot),
        quantity: item.quantity,
        unitPrice: unitValue(item),
        discount: null,
        total: item.total,
      })),
    };
  }
  if (printable.kind === 'quote') {
    const quote = printable.document;
    return {
      ...selling,
      document: quote,
      party: { heading: 'Quote For', party: quote.customer },
      priceLabel: 'Unit Price',
      hasLineDiscount: false,
      showsPayments: false,
      facts: [
        ['Date', formatDate(quote.issued_date)],
        ['Valid Until', formatDate(quote.valid_until)],
        ...vehiclePrintFacts(quote),
      ],
      lines: pricedLines(quote.items),
    };
  }
  if (printable.kind === 'invoice') {
    const invoice = printable.document;
    return {
      ...selling,
      document: invoice,
      party: { heading: 'Bill To', party: invoice.customer },
      priceLabel: 'Unit Price',
      hasLineDiscount: false,
      // A draft owes nothing yet.
      showsPayments: invoice.status !== 'draft',
      facts: [
        ['Issue Date', formatDate(invoice.issued_date)],
        ['Due Date', formatDate(invoice.due_date) || '-'],
        ['Status', capitalized(invoice.status)],
        ...vehiclePrintFacts(invoice),
      ],
      lines: pricedLines(invoice.items),
    };
  }
  const sale = printable.document;
  return {
    ...selling,
    document: sale,
    party: { heading: 'Bill To', party: sale.customer },
    priceLabel: 'Unit Price',
    showsPayments: true,
    hasLineDiscount: sale.items.some((item) => item.discount > 0),
    facts: [
      ['Sale Date', formatDate(sale.sale_date)],
      ['Payment Method', PAYMENT_METHOD_LABELS[sale.payment_method] ?? sale.payment_method],
      ['Status', capitalized(sale.status)],
      ...vehiclePrintFacts(sale),
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
