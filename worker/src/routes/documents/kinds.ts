import type { z } from 'zod';
import type { StaffCondition } from '../../auth/permissions.ts';
import type { Db } from '../../db/port.ts';
import {
  CREDIT_NOTE_STATUSES,
  INVOICE_STATUSES,
  OPEN_STATUS,
  PURCHASE_STATUSES,
  QUOTE_STATUSES,
  SALE_STATUSES,
  completedSaleInput,
  convertQuoteInput,
  creditNoteInput,
  creditNoteRow,
  SUPPLIER_RETURN_STATUSES,
  supplierReturnInput,
  supplierReturnRow,
  draftQuoteInput,
  draftInvoiceInput,
  invoiceInput,
  invoiceListRow,
  invoiceRow,
  pendingSaleInput,
  purchaseInput,
  purchaseListRow,
  purchaseRow,
  purchaseUpdateInput,
  quoteInput,
  quoteRow,
  receiveInput,
  saleInput,
  saleListRow,
  saleRow,
  sentInvoiceInput,
  sentQuoteInput,
} from '../../schemas/documents.ts';
import { createCreditNote, createSupplierReturn } from './returns.ts';
import { linesAtCostPrice } from './purchases.ts';
import { payAtCounter } from './sales.ts';
import { vehicleColumns } from './vehicles.ts';

/**
 * The kinds of trading document, each described once. routes.ts builds a kind's routes from its
 * entry (list, add, show, change, delete, its actions, payments) and shared.ts its SQL; a new kind
 * is one entry here, its migration and its tests. Bodies and answers keep the specification's
 * names; inside, a line is a LineInput, named as the lines tables' columns.
 */
export interface DocumentKind {
  /** The receiptable_type naming it in receipts and stock moves. */
  type: 'Invoice' | 'Sale' | 'Purchase' | 'Quote' | 'CreditNote' | 'SupplierReturn';
  /** Its routes' path under /api, and their tag in the OpenAPI document. */
  path: string;
  tag: string;
  notFound: string;
  /** Its tables: the header, the lines, and the lines' column naming the header. */
  table: string;
  linesTable: string;
  keyColumn: string;
  /** Who the document is with: its key in answers and filters ('customer'), table and column. */
  party: { key: 'customer' | 'supplier'; table: 'customers' | 'suppliers'; column: 'customer_id' | 'supplier_id' };
  /** The document's date: lists are filtered and ordered by it, and its number's year is this date's. */
  dateColumn: string;
  /** Header columns a body writes, besides the party, the branch and the notes (a body names them as the columns). */
  fields: string[];
  /** The number series a new document takes its number from; without one it is numbered when posted. */
  series?: 'sale' | 'purchase' | 'quote' | 'credit_note' | 'supplier_return';
  /** The statuses a list filters on. */
  statuses: readonly string[];
  /** Its OPEN_STATUS: its creator may still delete it. */
  openStatus?: (typeof OPEN_STATUS)[keyof typeof OPEN_STATUS];
  /** The list's own filters, besides the party, branch, status and dates: an id in the query, and its SQL condition on `?`. */
  listFilters?: { name: string; label: string; sql: string }[];
  /** What `status` in a new document's body does: the status it is stored with, then the transition it goes through. */
  createdAs: Record<string, { stored?: string; then?: Transition }>;
  /** Its own header columns in answers, of `d`; the status condition of the list's `status` filter; what `search` looks in. */
  columns: string;
  statusCondition: (status: string) => string;
  searchColumns?: string[];
  /** SQL condition of the `overdue=1` filter: past due and not paid, whatever the status shown. */
  overdue?: string;
  lines: {
    /** Where bodies and answers put the lines. */
    key: 'items' | 'purchase_items';
    /** The body's name of a line field named otherwise here. */
    from: Partial<Record<'unit_price' | 'discount_percent' | 'description', string>>;
    /** What an answer's line shows besides the product, description, DOT and quantity: its name, and SQL of the line `x`. */
    to: Record<string, string>;
  };
  /** Sold at the counter: each line keeps its product's rate and the tax is computed from them (tax_by_rate), and items carry their fees (apply_document_fees). */
  taxed?: true;
  /** Lines count what has come in (purchase orders): such a line is never removed nor cut below it. */
  receivesGoods?: boolean;
  /** Where answers put the receipts; left out, it takes none (a quote). */
  receiptsKey?: 'receipts' | 'payments';
  schemas: { create: z.ZodType; update?: z.ZodType; row: z.ZodType; listRow: z.ZodType };
  /** Summary and description of each route. */
  words: Record<'list' | 'create' | 'show', Words> & Partial<Record<'update' | 'delete', Words>>;
  /** Left out: it is never changed (`PUT` is not offered). */
  edit?: {
    /** Statuses in which it cannot be changed, with the reason. */
    refused: Record<string, string>;
    /** Once issued only a few columns change (a check of the row, when given, is a 422 on its field). */
    issued?: { status: string; input: z.ZodType; columns: string[]; check?: { sql: string; field: string; message: string } };
    /** The body's `status` may move it between the open statuses (pending and ordered). */
    movesStatus?: true;
  };
  /** Statuses in which it cannot be deleted, and why it cannot once it has payments (or goods received); left out, it is never deleted. */
  delete?: { refused: Record<string, string>; used?: string };
  /** Its transitions, as routes `POST /:id/<name>`, in the order they are listed. */
  actions: Record<string, Words & { runs: Transition; body?: z.ZodType }>;
  /** `POST /:id/payments`: a receipt on the document. */
  payments?: Words;
  /** The receipt type that pays it. */
  pays?: 'income' | 'expense';
  /** `POST /:id/convert`: what it may become (a quote: an invoice or a sale), as a new document of that kind. */
  becomes?: Words & { kinds: Record<string, DocumentKind>; body: z.ZodType };
  // ---- What is truly its own ----
  /** What staff may not write on a line (a price other than the cost), checked after the lines' own rules. */
  staffLines?: { condition: StaffCondition; holds: (db: Db, documentId: number | string, lines: LineInput[]) => Promise<boolean> };
  /** Made otherwise than from a party and lines (a credit note, from a document's lines): its id. */
  creates?: (db: Db, input: Body, userId: number) => Promise<number>;
  /** More work when it is created, after its lines and status; `fields` renames a refusal's field for the body. */
  onCreate?: { run: (db: Db, kind: DocumentKind, id: number, input: Body, userId: number) => Promise<void>; fields: Record<string, string> };
}

export interface Words {
  summary: string;
  description?: string;
}

/** post: send an invoice, complete a sale; receive: a purchase order's goods come in; send, accept, decline: a quote's answer. */
export type Transition = 'post' | 'cancel' | 'receive' | 'send' | 'accept' | 'decline';

/** A body, parsed by the kind's schema. */
export type Body = Record<string, any>;

/** A line as this code names it: the lines tables' columns. */
export interface LineInput {
  /** An existing line being changed (purchase orders keep what a line received). */
  id?: number;
  product_id: number;
  quantity: number;
  /** Left out: the product's cost price (a purchase order's line). */
  unit_price?: number;
  discount_percent?: number;
  description?: string | null;
  /** The fees the customer was let off on this line, and why (a line sold at the counter). */
  waived_fees?: { fee_rule_id: number; reason: string }[];
}

const invoiceOverdue = `d.status = 'sent' and d.payment_status <> 'paid' and d.due_date < current_date`;

/** The status an invoice shows: cancelled, else paid, else partial, else overdue, else sent, else draft. */
const invoiceStatus = `case when d.status = 'cancelled' then 'cancelled'
  when d.payment_status = 'paid' then 'paid' when d.payment_status = 'partial' then 'partial'
  when ${invoiceOverdue} then 'overdue' when d.status = 'sent' then 'sent' else 'draft' end`;

const invoiceStatusConditions: Record<string, string> = {
  draft: `d.status = 'draft'`,
  cancelled: `d.status = 'cancelled'`,
  paid: `d.status = 'sent' and d.payment_status = 'paid'`,
  partial: `d.status = 'sent' and d.payment_status = 'partial'`,
  overdue: `${invoiceOverdue} and d.payment_status = 'pending'`,
  sent: `d.status = 'sent' and d.payment_status = 'pending' and (d.due_date is null or d.due_date >= current_date)`,
};

const storedStatus = (status: string) => `d.status = '${status}'`;

/** What credit notes brought back of a line `x` of an invoice or a sale. */
const returnedOf = (type: 'Invoice' | 'Sale') => `(select coalesce(sum(ci.quantity), 0)::int from public.credit_note_items ci
  join public.credit_notes cn on cn.id = ci.credit_note_id where ci.line_id = x.id and cn.document_type = '${type}' and cn.status = 'issued')`;

/** The quote an invoice or a sale was made from. */
const fromQuote = 'd.quote_id, (select q.number from public.quotes q where q.id = d.quote_id) as quote_number';

/** A taxed document's tax per rate, what the rule gave, and whether an administrator set another figure. */
const taxColumns = 'd.taxes, d.tax_computed, d.tax_overridden, d.tax_exempt_certificate';
const lineTax = { tax_name: 'x.tax_name', tax_rate: 'x.tax_rate' };
/** A line sold at the counter: its rate, and whether it is an item or a fee under one, and the fees it was let off. */
const counterLine = {
  ...lineTax,
  line_kind: 'x.line_kind',
  parent_line_id: 'x.parent_line_id',
  fee_rule_id: 'x.fee_rule_id',
  waived_fees: 'x.waived_fees',
  core_charge: `x.fee_rule_id is not null and coalesce((select r.refundable from public.fee_rules r where r.id = x.fee_rule_id), false)`,
};

const CUSTOMER = { key: 'customer', table: 'customers', column: 'customer_id' } as const;
const SUPPLIER = { key: 'supplier', table: 'suppliers', column: 'supplier_id' } as const;

const STAFF_CANCEL = 'staff get 403 for one with payments.';

export const invoiceKind: DocumentKind = {
  type: 'Invoice',
  path: '/invoices',
  tag: 'Invoices',
  notFound: 'Invoice not found',
  table: 'invoices',
  linesTable: 'invoice_items',
  keyColumn: 'invoice_id',
  party: CUSTOMER,
  dateColumn: 'issued_date',
  fields: ['issued_date', 'due_date', 'vehicle_id', 'mileage'],
  statuses: INVOICE_STATUSES,
  openStatus: OPEN_STATUS.invoice,
  createdAs: { sent: { then: 'post' } },
  columns: `d.issued_date, d.due_date, ${invoiceStatus} as status, (${invoiceOverdue}) as is_overdue, ${fromQuote}, ${taxColumns}, ${vehicleColumns}`,
  statusCondition: (status) => invoiceStatusConditions[status],
  overdue: invoiceOverdue,
  lines: { key: 'items', from: {}, to: { unit_price: 'x.unit_price', total: 'x.line_total', returned: returnedOf('Invoice'), ...counterLine } },
  taxed: true,
  receiptsKey: 'receipts',
  schemas: { create: invoiceInput, update: draftInvoiceInput, row: invoiceRow, listRow: invoiceListRow },
  words: {
    list: { summary: 'List invoices' },
    create: {
      summary: 'Add an invoice',
      description: 'A draft, or with `status: sent` sent at once: it takes its number and its goods leave the branch (409 when the branch is short of stock).',
    },
    show: { summary: 'One invoice, with its receipts' },
    update: {
      summary: 'Change an invoice',
      description: 'A draft takes every field (as when added, without `status`); a sent invoice only `due_date` and `notes`; a cancelled one is refused (409).',
    },
    delete: { summary: 'Delete a draft invoice', description: 'Only a draft: a sent or cancelled invoice is refused (409).' },
  },
  edit: {
    refused: { cancelled: 'A cancelled invoice cannot be edited.' },
    issued: {
      status: 'sent',
      input: sentInvoiceInput,
      columns: ['due_date', 'notes'],
      check: { sql: 'due_date >= issued_date', field: 'due_date', message: 'The due date cannot be before the issue date' },
    },
  },
  delete: {
    refused: {
      cancelled: 'A cancelled invoice is kept for the record and cannot be deleted.',
      sent: 'An issued invoice cannot be deleted. Cancel it instead.',
    },
  },
  actions: {
    send: {
      runs: 'post',
      summary: 'Send an invoice',
      description: 'A draft takes the next invoice number and its goods leave the branch. 409 when it is already sent or cancelled, or the branch is short of stock.',
    },
    cancel: {
      runs: 'cancel',
      summary: 'Cancel an invoice',
      description: `A sent invoice's goods come back to the branch. 409 when it is already cancelled or has payments (refund them first); ${STAFF_CANCEL}`,
    },
  },
  pays: 'income',
};

export const saleKind: DocumentKind = {
  type: 'Sale',
  path: '/sales',
  tag: 'Sales',
  notFound: 'Sale not found',
  table: 'sales',
  linesTable: 'sale_items',
  keyColumn: 'sale_id',
  party: CUSTOMER,
  dateColumn: 'sale_date',
  fields: ['sale_date', 'payment_method', 'vehicle_id', 'mileage'],
  series: 'sale',
  statuses: SALE_STATUSES,
  openStatus: OPEN_STATUS.sale,
  createdAs: { completed: { then: 'post' }, cancelled: { then: 'cancel' } },
  columns: `d.sale_date, d.status, d.payment_method, ${fromQuote}, ${taxColumns}, ${vehicleColumns}`,
  statusCondition: storedStatus,
  lines: {
    key: 'items',
    from: { unit_price: 'selling_price', discount_percent: 'discount' },
    to: { selling_price: 'x.unit_price', discount: 'x.discount_percent', total_price: 'x.line_total', returned: returnedOf('Sale'), ...counterLine },
  },
  taxed: true,
  receiptsKey: 'receipts',
  schemas: { create: saleInput, update: pendingSaleInput, row: saleRow, listRow: saleListRow },
  words: {
    list: { summary: 'List sales' },
    create: {
      summary: 'Add a sale',
      description:
        'Pending; with `status: completed` completed at once (its goods leave the branch: 409 when the branch is short of stock), or cancelled at once. `amount_paid` above 0 records an income receipt with it.',
    },
    show: { summary: 'One sale, with its receipts' },
    update: {
      summary: 'Change a sale',
      description:
        'A pending sale takes every field (as when added, without `status` and `amount_paid`); a completed one only `payment_method` and `notes`; a cancelled one is refused (409).',
    },
    delete: { summary: 'Delete a sale', description: 'Refused (409) for a completed sale and for one with payments recorded.' },
  },
  edit: {
    refused: { cancelled: 'A cancelled sale cannot be edited.' },
    issued: { status: 'completed', input: completedSaleInput, columns: ['payment_method', 'notes'] },
  },
  delete: {
    refused: { completed: 'A completed sale cannot be deleted. Cancel it instead.' },
    used: 'This sale has payments recorded. Refund and delete them, or cancel the sale instead.',
  },
  actions: {
    complete: {
      runs: 'post',
      summary: 'Complete a sale',
      description: 'Its goods leave the branch. 409 when it is already completed or cancelled, or the branch is short of stock.',
    },
    cancel: {
      runs: 'cancel',
      summary: 'Cancel a sale',
      description: `A completed sale's goods come back to the branch. 409 when it is already cancelled or has payments (refund them first); ${STAFF_CANCEL}`,
    },
  },
  pays: 'income',
  onCreate: { run: payAtCounter, fields: { amount: 'amount_paid' } },
};

// A scalar subquery with a limit, so a page looks at its own orders' lines (an EXISTS here is
// planned as a hash of every received line).
const partlyReceived = `d.status = 'ordered'
  and coalesce((select true from public.purchase_items x where x.purchase_id = d.id and x.received_quantity > 0 limit 1), false)`;

const costRule = "A line without `cost_price` takes the product's cost price";

export const purchaseKind: DocumentKind = {
  type: 'Purchase',
  path: '/purchases',
  tag: 'Purchase orders',
  notFound: 'Purchase order not found',
  table: 'purchases',
  linesTable: 'purchase_items',
  keyColumn: 'purchase_id',
  party: SUPPLIER,
  dateColumn: 'purchase_date',
  fields: ['purchase_date', 'expected_delivery_date', 'reference_number'],
  series: 'purchase',
  statuses: PURCHASE_STATUSES,
  openStatus: OPEN_STATUS.purchase,
  createdAs: {
    pending: { stored: 'pending' },
    ordered: { stored: 'ordered' },
    received: { stored: 'ordered', then: 'receive' },
    cancelled: { stored: 'ordered', then: 'cancel' },
  },
  columns: `d.purchase_date, d.expected_delivery_date, d.actual_delivery_date, d.reference_number, d.status,
            (${partlyReceived}) as is_partly_received`,
  statusCondition: storedStatus,
  searchColumns: ['d.reference_number'],
  lines: {
    key: 'purchase_items',
    from: { unit_price: 'cost_price', description: 'notes' },
    to: {
      purchaseable: "json_build_object('name', x.product_name)",
      received_quantity: 'x.received_quantity',
      returned: '(select coalesce(sum(si.quantity), 0)::int from public.supplier_return_items si where si.line_id = x.id)',
      cost_price_at_purchase: 'x.unit_price',
      total_price: 'x.line_total',
      notes: 'x.description',
    },
  },
  receivesGoods: true,
  receiptsKey: 'payments',
  schemas: { create: purchaseInput, update: purchaseUpdateInput, row: purchaseRow, listRow: purchaseListRow },
  words: {
    list: { summary: 'List purchase orders' },
    create: {
      summary: 'Add a purchase order',
      description:
        'It takes its number at once. Created as `received`, everything comes in at once; as `cancelled`, it is cancelled at once. ' +
        `${costRule}; staff get 403 for a line at another cost.`,
    },
    show: { summary: 'One purchase order, with its payments' },
    update: {
      summary: 'Change a purchase order',
      description:
        'While pending or ordered (a received or cancelled order is refused, 409); a line keeps what it received and never goes below it. `status` may move it between pending and ordered. ' +
        `${costRule}. Staff get 403 for a line at another cost, unless it is a line of the order kept at its cost with no more than its quantity.`,
    },
    delete: { summary: 'Delete a purchase order', description: 'Refused (409) once goods have come in or payments are recorded: cancel it instead.' },
  },
  edit: {
    refused: { received: 'A received purchase order cannot be edited.', cancelled: 'A cancelled purchase order cannot be edited.' },
    movesStatus: true,
  },
  delete: { refused: {}, used: 'This purchase order has goods received or payments recorded, so it cannot be deleted. Cancel it instead.' },
  actions: {
    receive: {
      runs: 'receive',
      body: receiveInput,
      summary: 'Receive goods',
      description:
        'The body may be left out: everything outstanding comes in. `items` gives what came of each line (a delivery that came short). 409 when the order is already received or cancelled.',
    },
    cancel: {
      runs: 'cancel',
      summary: 'Cancel a purchase order',
      description: `409 when it is already cancelled, goods have come in, or it has payments (refund them first); ${STAFF_CANCEL}`,
    },
  },
  payments: {
    summary: 'Pay the supplier',
    description: 'An expense receipt on the order, at most what it still owes. 409 when the order is cancelled or already paid in full.',
  },
  pays: 'expense',
  staffLines: { condition: 'lines at cost price', holds: linesAtCostPrice },
};

const quoteExpired = `d.status in ('draft', 'sent') and d.valid_until < current_date`;
const quoteStatusConditions: Record<string, string> = {
  draft: `d.status = 'draft' and d.valid_until >= current_date`,
  sent: `d.status = 'sent' and d.valid_until >= current_date`,
  expired: quoteExpired,
};

export const quoteKind: DocumentKind = {
  type: 'Quote',
  path: '/quotes',
  tag: 'Quotes',
  notFound: 'Quote not found',
  table: 'quotes',
  linesTable: 'quote_items',
  keyColumn: 'quote_id',
  party: CUSTOMER,
  dateColumn: 'issued_date',
  fields: ['issued_date', 'valid_until', 'vehicle_id', 'mileage'],
  series: 'quote',
  statuses: QUOTE_STATUSES,
  openStatus: OPEN_STATUS.quote,
  createdAs: { sent: { then: 'send' } },
  columns: `d.issued_date, d.valid_until, public.quote_shown_status(d.status, d.valid_until) as status, d.sent_at,
    case when d.converted_id is not null then json_build_object('type', d.converted_type, 'id', d.converted_id, 'number',
      case d.converted_type when 'Invoice' then (select i.number from public.invoices i where i.id = d.converted_id)
        else (select s.number from public.sales s where s.id = d.converted_id) end) end as converted_to, ${taxColumns}, ${vehicleColumns}`,
  statusCondition: (status) => quoteStatusConditions[status] ?? storedStatus(status),
  lines: {
    key: 'items',
    from: {},
    to: {
      unit_price: 'x.unit_price',
      total: 'x.line_total',
      stock: `case when x.product_type <> 'service' then coalesce((select sl.quantity from public.stock_levels sl
        where sl.product_id = x.product_id and sl.location_id = d.location_id), 0) end`,
      ...counterLine,
    },
  },
  taxed: true,
  schemas: { create: quoteInput, update: draftQuoteInput, row: quoteRow, listRow: quoteRow },
  words: {
    list: { summary: 'List quotes' },
    create: {
      summary: 'Add a quote',
      description:
        "It takes its number at once and moves no stock; with `status: sent` it is sent at once. Without `valid_until` it holds for the shop's quote validity (Settings).",
    },
    show: { summary: 'One quote, with each line’s stock at its branch' },
    update: {
      summary: 'Change a quote',
      description: 'A draft takes every field (as when added, without `status`); a sent quote only `valid_until` and `notes`; an accepted, declined or converted one is refused (409).',
    },
    delete: { summary: 'Delete a draft quote', description: 'Only a draft: a quote once sent is kept (409).' },
  },
  edit: {
    refused: {
      accepted: 'An accepted quote cannot be edited. Convert it into an invoice or a sale.',
      declined: 'A declined quote cannot be edited.',
      converted: 'A converted quote cannot be edited.',
    },
    issued: { status: 'sent', input: sentQuoteInput, columns: ['valid_until', 'notes'] },
  },
  delete: {
    refused: {
      sent: 'A sent quote is kept for the record and cannot be deleted. Decline it instead.',
      accepted: 'An accepted quote is kept for the record and cannot be deleted.',
      declined: 'A declined quote is kept for the record and cannot be deleted.',
      converted: 'A converted quote is kept for the record and cannot be deleted.',
    },
  },
  actions: {
    send: { runs: 'send', summary: 'Send a quote', description: 'A draft is sent to the customer. 409 when it is not a draft, or has expired.' },
    accept: { runs: 'accept', summary: 'Mark a quote accepted', description: 'The customer said yes. 409 unless it is sent and still valid.' },
    decline: { runs: 'decline', summary: 'Mark a quote declined', description: 'The customer said no. 409 when it is converted, declined or expired.' },
  },
  becomes: {
    kinds: { invoice: invoiceKind, sale: saleKind },
    body: convertQuoteInput,
    summary: 'Turn a quote into an invoice or a sale',
    description:
      "`to: invoice` makes a draft invoice, `to: sale` a pending sale, dated today with the quote's customer, branch, lines at the quoted prices, discount, tax and notes, and its `quote_id`; the quote becomes `converted` and names it. 409 when it is already converted, declined or expired.",
  },
};

const documentNumberOf = (type: string, id: string) =>
  `(select x.number from public.${type === 'Invoice' ? 'invoices' : 'sales'} x where x.id = ${id})`;

export const creditNoteKind: DocumentKind = {
  type: 'CreditNote',
  path: '/credit-notes',
  tag: 'Credit notes',
  notFound: 'Credit note not found',
  table: 'credit_notes',
  linesTable: 'credit_note_items',
  keyColumn: 'credit_note_id',
  party: CUSTOMER,
  dateColumn: 'issued_date',
  fields: [],
  series: 'credit_note',
  statuses: CREDIT_NOTE_STATUSES,
  listFilters: [
    { name: 'invoice_id', label: 'Invoice', sql: `d.document_type = 'Invoice' and d.document_id = ?` },
    { name: 'sale_id', label: 'Sale', sql: `d.document_type = 'Sale' and d.document_id = ?` },
  ],
  createdAs: {},
  columns: `d.issued_date, d.status, d.reason, d.settle, d.refunded_amount, d.store_credit_amount,
    json_build_object('type', d.document_type, 'id', d.document_id, 'number', case d.document_type
      when 'Invoice' then ${documentNumberOf('Invoice', 'd.document_id')} else ${documentNumberOf('Sale', 'd.document_id')} end) as document,
    (select coalesce(jsonb_agg(jsonb_build_object('name', g.tax_name, 'rate', g.tax_rate, 'taxable', g.taxable, 'tax', g.tax) order by g.tax_rate desc, g.tax_name), '[]')
       from (select x.tax_name, coalesce(x.tax_rate, 0) as tax_rate, sum(x.line_total) as taxable, sum(x.tax_amount) as tax
               from public.credit_note_items x where x.credit_note_id = d.id group by 1, 2) g) as taxes`,
  statusCondition: storedStatus,
  lines: {
    key: 'items',
    from: {},
    to: { line_id: 'x.line_id', unit_price: 'x.unit_price', restock: 'x.restock', total: 'x.line_total', tax_amount: 'x.tax_amount', amount: 'x.amount', line_kind: 'x.line_kind', ...lineTax },
  },
  schemas: { create: creditNoteInput, row: creditNoteRow, listRow: creditNoteRow },
  words: {
    list: { summary: 'List credit notes' },
    create: {
      summary: 'Take a return',
      description:
        "Against a sent invoice (`invoice_id`) or a completed sale (`sale_id`): each returned unit is worth what the customer paid for it (its line's price after discounts, with its share of the tax), and no line comes back beyond what it sold (422 on the line). `restock: true` puts the goods back into `location_id` at the line's cost. The credit lowers what is owed on the document; what was paid beyond that goes back as a refund receipt (`settle: refund`, `payment_method`) or as store credit (`settle: credit`), and 422 on `settle` when it is left out then. 409 for a draft, pending or cancelled document.",
    },
    show: { summary: 'One credit note' },
  },
  actions: {
    cancel: {
      runs: 'cancel',
      summary: 'Cancel a credit note',
      description:
        "Its restocked goods leave the branch again, its store credit is taken back and the document is owed as before. 409 when it was refunded, the customer has spent its store credit, or the goods are no longer there.",
    },
  },
  creates: createCreditNote,
};

export const supplierReturnKind: DocumentKind = {
  type: 'SupplierReturn',
  path: '/supplier-returns',
  tag: 'Supplier returns',
  notFound: 'Supplier return not found',
  table: 'supplier_returns',
  linesTable: 'supplier_return_items',
  keyColumn: 'supplier_return_id',
  party: SUPPLIER,
  dateColumn: 'issued_date',
  fields: [],
  series: 'supplier_return',
  statuses: SUPPLIER_RETURN_STATUSES,
  listFilters: [{ name: 'purchase_id', label: 'Purchase order', sql: 'd.document_id = ?' }],
  createdAs: {},
  columns: `d.issued_date, d.status, d.reason, d.refunded_amount,
    json_build_object('type', 'Purchase', 'id', d.document_id, 'number', (select x.number from public.purchases x where x.id = d.document_id)) as document`,
  statusCondition: storedStatus,
  lines: {
    key: 'items',
    from: {},
    to: { line_id: 'x.line_id', unit_price: 'x.unit_price', total: 'x.line_total', tax_amount: 'x.tax_amount', amount: 'x.amount' },
  },
  schemas: { create: supplierReturnInput, row: supplierReturnRow, listRow: supplierReturnRow },
  words: {
    list: { summary: 'List supplier returns' },
    create: {
      summary: 'Send goods back to the supplier',
      description:
        "Against a purchase order's lines: no line beyond what it received less what went back before (422 on the line). The goods leave the order's branch (409 when it is short), the product's average cost is that of what stays, the order owes less by each unit's share of its net, and what was paid beyond that comes back as a refund receipt (`payment_method`). 409 for a cancelled order.",
    },
    show: { summary: 'One supplier return' },
  },
  actions: {},
  creates: createSupplierReturn,
};

/** Every kind, in the order their routes are listed. */
export const DOCUMENT_KINDS = [invoiceKind, saleKind, purchaseKind, quoteKind, creditNoteKind, supplierReturnKind];
