import { z } from 'zod';
import { LIMITS, blankToUndefined, flag, money, optionalDate, optionalId, optionalMoney, optionalText, requiredDate, requiredId, requiredText, wholeNumber } from './common.ts';
import { amount, date, id, named, timestamp, recordStamps, version } from './answers.ts';
import { vehicleAnswer, vehicleFields } from './vehicles.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, INVOICE_STATUSES, SALE_STATUSES, QUOTE_STATUSES, PURCHASE_STATUSES, CREDIT_NOTE_STATUSES, SUPPLIER_RETURN_STATUSES } from './document-statuses.ts';

export * from './document-statuses.ts';

/** How money is handed back on a refund: store credit is a refund's other way (`settle: credit`). */
export const REFUND_METHODS = ['cash', 'credit_card', 'bank_transfer', 'cheque'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const RECEIPT_TYPES = ['income', 'expense', 'refund'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** The documents a receipt can pay; purchase orders are accepted once purchasing exists. */
export const RECEIPTABLE_TYPES = ['Invoice', 'Sale', 'Purchase'] as const;
export type ReceiptableType = (typeof RECEIPTABLE_TYPES)[number];
export const RECEIPTABLE_LABELS: Record<ReceiptableType, string> = { Invoice: 'Invoice', Sale: 'Sale', Purchase: 'Purchase Order' };

/** The product kinds a line may hold, as the item entry row offers them. */
export const LINE_PRODUCT_TYPES = ['battery', 'tire', 'wiper', 'service', 'item'] as const;

const listOf = <S extends z.ZodType>(item: S) =>
  z.array(item, { error: 'Please add at least one item' }).min(1, 'Please add at least one item').max(LIMITS.lines, `A document can have at most ${LIMITS.lines} items`);

const percent = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be between 0 and 100`)
      .max(100, `${label} must be between 0 and 100`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} must have at most 2 decimals`),
  );

/** A selling document's tax: left out, the shop's rates give it; a figure is an administrator's override. */
const taxOverride = z
  .preprocess(blankToUndefined, money('Tax amount').optional())
  .transform((value) => value ?? null)
  .meta({ description: "Left out: computed from the lines at the shop's tax rates. A different figure is an administrator's override (403 for staff)." });

const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'Payment method must be cash, credit card, bank transfer, cheque or store credit' });

/** The fees a customer is let off on a line (the old tires kept), each with why. */
const waivedFees = z
  .array(z.object({ fee_rule_id: requiredId('Fee is required'), reason: requiredText('Reason', 200) }), { error: 'Waived fees must be a list' })
  .max(10, 'At most 10 fees per line')
  .refine((fees) => new Set(fees.map((fee) => fee.fee_rule_id)).size === fees.length, 'Each fee may be given once')
  .optional()
  .meta({ description: "Fees this line's product calls for that are not charged, with the reason (recorded in the audit trail)" });

// ---- Invoices ----

export const invoiceItemInput = z.object({
  product_id: requiredId('Product is required'),
  description: optionalText('Description', 500),
  quantity: wholeNumber('Quantity', 1),
  unit_price: money('Unit price'),
  waived_fees: waivedFees,
});

const invoiceFields = {
  ...vehicleFields,
  customer_id: requiredId('Customer is required'),
  location_id: requiredId('Location is required'),
  issued_date: requiredDate('Issue date'),
  due_date: requiredDate('Due date'),
  discount_amount: optionalMoney('Discount amount'),
  tax_amount: taxOverride,
  notes: optionalText('Notes', 2000),
  items: listOf(invoiceItemInput),
};
const dueAfterIssue = <T extends { issued_date: string; due_date: string }>(input: T) => input.due_date >= input.issued_date;
const dueAfterIssueMessage = { path: ['due_date'], message: 'The due date cannot be before the issue date' };

/** POST /api/invoices; a draft is edited with the same fields (PUT). */
export const invoiceInput = z
  .object({ ...invoiceFields, status: z.enum(['draft', 'sent'], { error: 'Status must be draft or sent' }).default('draft') })
  .refine(dueAfterIssue, dueAfterIssueMessage);
export type InvoiceInput = z.input<typeof invoiceInput>;

/** PUT of a draft invoice. */
export const draftInvoiceInput = z.object(invoiceFields).refine(dueAfterIssue, dueAfterIssueMessage);

/** PUT of a sent invoice: only its due date and notes change. */
export const sentInvoiceInput = z.object({ due_date: requiredDate('Due date'), notes: optionalText('Notes', 2000) });

// ---- Sales ----

export const saleItemInput = z.object({
  product_id: requiredId('Product is required'),
  quantity: wholeNumber('Quantity', 1),
  selling_price: money('Price'),
  discount: percent('Discount'),
  waived_fees: waivedFees,
});

const saleFields = {
  ...vehicleFields,
  customer_id: requiredId('Customer is required'),
  location_id: requiredId('Location is required'),
  sale_date: requiredDate('Sale date'),
  payment_method: z.preprocess((value) => value || 'cash', paymentMethod),
  discount_amount: optionalMoney('Discount amount'),
  tax_amount: taxOverride,
  notes: optionalText('Notes', 2000),
  items: listOf(saleItemInput),
};

/** POST /api/sales; `amount_paid` above 0 records an income receipt with the sale. */
export const saleInput = z.object({
  ...saleFields,
  status: z.preprocess((value) => value || 'pending', z.enum(SALE_STATUSES, { error: 'Status must be pending, completed or cancelled' })),
  amount_paid: optionalMoney('Paid now'),
});
export type SaleInput = z.input<typeof saleInput>;

/** PUT of a pending sale. */
export const pendingSaleInput = z.object(saleFields);

/** PUT of a completed sale: only its payment method and notes change. */
export const completedSaleInput = z.object({ payment_method: z.preprocess((value) => value || 'cash', paymentMethod), notes: optionalText('Notes', 2000) });

// ---- Quotes ----

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const quoteFields = {
  ...vehicleFields,
  customer_id: requiredId('Customer is required'),
  location_id: requiredId('Location is required'),
  issued_date: requiredDate('Issue date'),
  valid_until: optionalDate('Valid until').meta({ description: "Left out: the issue date plus the shop's quote validity (Settings)" }),
  discount_amount: optionalMoney('Discount amount'),
  tax_amount: taxOverride,
  notes: optionalText('Notes', 2000),
  items: listOf(invoiceItemInput),
};
const validAfterIssue = <T extends { issued_date: string; valid_until?: string | null }>(input: T) => !input.valid_until || input.valid_until >= input.issued_date;
const validAfterIssueMessage = { path: ['valid_until'], message: 'A quote cannot be valid until before its issue date' };

/** POST /api/quotes; a draft is edited with the same fields (PUT). */
export const quoteInput = z
  .object({ ...quoteFields, status: z.enum(['draft', 'sent'], { error: 'Status must be draft or sent' }).default('draft') })
  .refine(validAfterIssue, validAfterIssueMessage);
export type QuoteInput = z.input<typeof quoteInput>;

/** PUT of a draft quote. */
export const draftQuoteInput = z.object(quoteFields).refine(validAfterIssue, validAfterIssueMessage);

/** PUT of a sent quote: only how long it holds and its notes change. */
export const sentQuoteInput = z.object({ valid_until: requiredDate('Valid until'), notes: optionalText('Notes', 2000) });

/** POST /api/quotes/{id}/convert. */
export const convertQuoteInput = z.object({ to: z.enum(['invoice', 'sale'], { error: 'To must be invoice or sale' }) });

// ---- Credit notes ----

export const creditNoteItemInput = z.object({
  line_id: requiredId('Line is required'),
  quantity: wholeNumber('Quantity', 1),
  restock: flag('Restock'),
});

/** POST /api/credit-notes: what comes back of an invoice's or a sale's lines. */
export const creditNoteInput = z
  .object({
    invoice_id: optionalId('Invoice'),
    sale_id: optionalId('Sale'),
    location_id: requiredId('Location is required'),
    issued_date: requiredDate('Issue date'),
    reason: requiredText('Reason', 500),
    items: listOf(creditNoteItemInput).refine(
      (items) => new Set(items.map((item) => item.line_id)).size === items.length,
      'Each line may be given once',
    ),
    settle: z
      .preprocess((value) => value || undefined, z.enum(['refund', 'credit'], { error: 'Settle must be refund or credit' }).optional())
      .meta({ description: 'What was paid beyond what is now owed goes back as a refund or as store credit' }),
    payment_method: z
      .preprocess((value) => value || undefined, z.enum(REFUND_METHODS, { error: 'Payment method must be cash, credit card, bank transfer or cheque' }).optional())
      .meta({ description: 'How a refund is paid; cash unless given' }),
    notes: optionalText('Notes', 2000),
  })
  .refine((input) => (input.invoice_id === null) !== (input.sale_id === null), {
    path: ['invoice_id'],
    message: 'Choose the invoice or the sale the goods come back from',
  });
export type CreditNoteInput = z.input<typeof creditNoteInput>;

// ---- Supplier returns ----

/** POST /api/supplier-returns: what goes back of a purchase order's received lines. */
export const supplierReturnInput = z.object({
  purchase_id: requiredId('Purchase order is required'),
  issued_date: requiredDate('Issue date'),
  reason: requiredText('Reason', 500),
  items: listOf(z.object({ line_id: requiredId('Line is required'), quantity: wholeNumber('Quantity', 1) })).refine(
    (items) => new Set(items.map((item) => item.line_id)).size === items.length,
    'Each line may be given once',
  ),
  payment_method: z
    .preprocess((value) => value || undefined, z.enum(REFUND_METHODS, { error: 'Payment method must be cash, credit card, bank transfer or cheque' }).optional())
    .meta({ description: 'How the supplier refunds what was paid beyond what the order now owes; bank transfer unless given' }),
  notes: optionalText('Notes', 2000),
});
export type SupplierReturnInput = z.input<typeof supplierReturnInput>;

// ---- Purchase orders ----

export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** What can be bought from a supplier: everything but services. */
export const PURCHASABLE_TYPES = ['battery', 'tire', 'wiper', 'item'] as const;

export const purchaseItemInput = z.object({
  /** An existing line's id when editing, so what it already received stays with it. */
  id: z.preprocess((value) => (value === '' || value === null ? undefined : value), requiredId('Line must be a valid choice').optional()),
  product_id: requiredId('Product is required'),
  quantity: wholeNumber('Quantity', 1),
  cost_price: money('Cost price').optional().meta({ description: "Left out: the product's cost price" }),
  notes: optionalText('Notes', 500),
});

const purchaseFields = {
  supplier_id: requiredId('Supplier is required'),
  location_id: requiredId('Location is required'),
  purchase_date: requiredDate('Purchase date'),
  expected_delivery_date: optionalDate('Expected delivery date'),
  reference_number: optionalText('Reference number', 100),
  discount_amount: optionalMoney('Discount amount'),
  tax_amount: optionalMoney('Tax amount'),
  notes: optionalText('Notes', 2000),
  items: listOf(purchaseItemInput),
};

/** POST /api/purchases; `received` receives everything at once. */
export const purchaseInput = z.object({
  ...purchaseFields,
  status: z.preprocess((value) => value || 'pending', z.enum(PURCHASE_STATUSES, { error: 'Status must be pending, ordered, received or cancelled' })),
});
export type PurchaseInput = z.input<typeof purchaseInput>;

/** PUT of a pending or ordered purchase order; `status` may move it between pending and ordered. */
export const purchaseUpdateInput = z.object({
  ...purchaseFields,
  status: z.preprocess((value) => value || undefined, z.enum(['pending', 'ordered'], { error: 'Status must be pending or ordered' }).optional()),
});

/** POST /api/purchases/{id}/receive: nothing (everything outstanding) or the quantities that came. */
export const receiveInput = z.object({
  items: z
    .array(z.object({ purchase_item_id: requiredId('Line is required'), quantity: wholeNumber('Quantity', 0) }), { error: 'Items must be a list' })
    .max(LIMITS.lines, `At most ${LIMITS.lines} lines`)
    .refine((items) => new Set(items.map((item) => item.purchase_item_id)).size === items.length, 'Each line may be given once')
    .optional(),
  actual_delivery_date: optionalDate('Actual delivery date'),
});
export type ReceiveInput = z.input<typeof receiveInput>;

/** POST /api/purchases/{id}/payments: an expense receipt on the order. */
export const purchasePaymentInput = z.object({
  amount: money('Amount').refine((value) => value > 0, 'Amount must be more than 0'),
  payment_method: paymentMethod,
  receipt_date: optionalDate('Payment date'),
  reference_number: optionalText('Reference number', 100),
  bank_name: optionalText('Bank name', 100),
  cheque_number: optionalText('Cheque number', 50),
  transaction_id: optionalText('Transaction ID', 100),
  notes: optionalText('Notes', 2000),
});
export type PurchasePaymentInput = z.input<typeof purchasePaymentInput>;

// ---- Receipts ----

export const receiptInput = z.object({
  receipt_date: requiredDate('Receipt date'),
  type: z.enum(RECEIPT_TYPES, { error: 'Type must be income, expense or refund' }),
  receiptable_type: z.enum(RECEIPTABLE_TYPES, { error: 'Related type is required' }),
  receiptable_id: requiredId('Related document is required'),
  amount: money('Amount').refine((value) => value > 0, 'Amount must be more than 0'),
  payment_method: paymentMethod,
  reference_number: optionalText('Reference number', 100),
  bank_name: optionalText('Bank name', 100),
  cheque_number: optionalText('Cheque number', 50),
  transaction_id: optionalText('Transaction ID', 100),
  notes: optionalText('Notes', 2000),
});
export type ReceiptInput = z.input<typeof receiptInput>;

// ---- Settings ----

const prefix = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(10, `${label} must be at most 10 characters`)
    .regex(/^[A-Za-z0-9]+$/, `${label} may only contain letters and digits`);

export const settingsInput = z.object({
  shop_name: z.string({ error: 'Shop name is required' }).trim().min(1, 'Shop name is required').max(255, 'Shop name must be at most 255 characters'),
  address: optionalText('Address', 500),
  phone: optionalText('Phone', 50),
  email: optionalText('Email', 255).pipe(z.email('Email must be a valid email address').nullable()),
  tax_number: optionalText('Tax number', 50),
  payment_terms_days: wholeNumber('Payment terms', 0, 365),
  invoice_prefix: prefix('Invoice prefix'),
  sale_prefix: prefix('Sale prefix'),
  receipt_prefix: prefix('Receipt prefix'),
  purchase_prefix: prefix('Purchase prefix'),
  quote_prefix: prefix('Quote prefix'),
  credit_note_prefix: prefix('Credit note prefix'),
  supplier_return_prefix: prefix('Supplier return prefix'),
  quote_valid_days: wholeNumber('Quote validity', 1, 365),
  core_return_days: wholeNumber('Core return days', 1, 365),
  print_footer: optionalText('Print footer', 1000),
});
export type SettingsInput = z.input<typeof settingsInput>;

// ---- Answers ----

/** The customer (invoices, sales) or supplier (purchase orders) a document is with. */
export const partyRow = z
  .object({ id, name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() })
  .meta({ id: 'DocumentParty' });
export type Party = z.infer<typeof partyRow>;

/** The branch a document belongs to. */
const branchRow = z.object({ id, name: z.string(), address: z.string().nullable() }).meta({ id: 'DocumentLocation' });

const totalsRow = z.object({
  subtotal: amount,
  /** The same as subtotal. */
  total_amount: amount,
  discount_amount: amount,
  tax_amount: amount,
  /** tax_amount as a percent of (total_amount − discount_amount). */
  tax_rate: z.number().describe('tax_amount as a percent of (total_amount − discount_amount)'),
  /** subtotal − discount_amount + tax_amount */
  net_amount: amount,
  /** What credit notes took off it: it is owed net_amount − credited_amount. */
  credited_amount: amount,
  total_paid: amount,
  balance_due: amount,
  payment_status: z.enum(PAYMENT_STATUSES),
});
export type Totals = z.infer<typeof totalsRow>;

/** What one rate makes of a document: its lines' amounts after discounts, and the tax on them. */
export const taxLineRow = z
  .object({ name: z.string().nullable(), rate: z.number(), taxable: amount, tax: amount })
  .meta({ id: 'TaxByRate' });
export type TaxLine = z.infer<typeof taxLineRow>;

/** A document sold at the shop's rates: its tax per rate, what the rule gave, and whether an administrator set another figure. */
const taxed = {
  taxes: z.array(taxLineRow),
  tax_computed: amount,
  tax_overridden: z.boolean(),
  /** The certificate of a customer buying tax-free on the document's date. */
  tax_exempt_certificate: z.string().nullable(),
};
/** The rate a line was sold at (null on lines sold before rates). */
const lineTax = { tax_name: z.string().nullable(), tax_rate: z.number().nullable() };
/** A line sold at the counter: an item, or a fee under one (`parent_line_id`) that follows its quantity. */
const counterLine = {
  ...lineTax,
  line_kind: z.enum(['item', 'fee']),
  parent_line_id: id.nullable(),
  fee_rule_id: id.nullable(),
  waived_fees: z.array(z.object({ fee_rule_id: id, reason: z.string() })),
  /** A core charge: credited back when the old core comes back (a credit note of this line). */
  core_charge: z.boolean(),
};

/** What a line kept of the product when it was added. */
const lineBase = {
  id,
  product_id: id,
  product_type: z.enum(LINE_PRODUCT_TYPES),
  product_name: z.string(),
  description: z.string().nullable(),
  dot: z.string().nullable(),
  quantity: z.number().int(),
};

/** What credit notes have brought back of a line sold. */
const returned = z.number().int().describe('What credit notes have brought back of this line');
export const invoiceItemRow = z.object({ ...lineBase, unit_price: amount, total: amount, returned, ...counterLine }).meta({ id: 'InvoiceItem' });
export type InvoiceItem = z.infer<typeof invoiceItemRow>;

export const saleItemRow = z
  .object({ ...lineBase, selling_price: amount, discount: z.number().describe('A percent of the line'), total_price: amount, returned, ...counterLine })
  .meta({ id: 'SaleItem' });
export type SaleItem = z.infer<typeof saleItemRow>;

export const receiptRow = z
  .object({
    id,
    number: z.string(),
    receipt_date: date,
    type: z.enum(RECEIPT_TYPES),
    receiptable_type: z.enum(RECEIPTABLE_TYPES),
    receiptable_id: id,
    /** The related document's number. */
    document_number: z.string().nullable(),
    /** The customer (invoices, sales) or supplier (purchase orders) of the related document. */
    party: named.nullable(),
    amount,
    payment_method: z.enum(PAYMENT_METHODS),
    reference_number: z.string().nullable(),
    bank_name: z.string().nullable(),
    cheque_number: z.string().nullable(),
    transaction_id: z.string().nullable(),
    notes: z.string().nullable(),
    created_by: named.nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptRow>;

/** The count and sums of every receipt a list's filters match, over all its pages. */
export const receiptSummaryRow = z
  .object({
    count: z.number().int(),
    income: amount,
    expense: amount,
    refund: amount,
    /** income − expense − refund */
    net: amount.describe('income − expense − refund'),
  })
  .meta({ id: 'ReceiptSummary' });
export type ReceiptSummary = z.infer<typeof receiptSummaryRow>;

const documentBase = {
  id,
  location_id: id,
  location: branchRow,
  ...totalsRow.shape,
  notes: z.string().nullable(),
  /** Who created it: staff may delete an open document of their own. */
  created_by_id: id.nullable(),
  ...recordStamps,
};
const withCustomer = { customer_id: id, customer: partyRow };

/** An invoice as listed; a single one (and the answer of a change) adds its receipts. */
export const invoiceListRow = z
  .object({
    ...documentBase,
    ...withCustomer,
    /** Null while a draft. */
    number: z.string().nullable(),
    issued_date: date,
    due_date: date.nullable(),
    status: z.enum(INVOICE_STATUSES),
    /** Sent, due before today and not paid: the list highlights it. */
    is_overdue: z.boolean(),
    /** The quote it was made from, and its number. */
    quote_id: id.nullable(),
    quote_number: z.string().nullable(),
    ...taxed,
    ...vehicleAnswer,
    items: z.array(invoiceItemRow),
  })
  .meta({ id: 'InvoiceListRow' });
export const invoiceRow = invoiceListRow.extend({ receipts: z.array(receiptRow) }).meta({ id: 'Invoice' });
export interface Invoice extends z.infer<typeof invoiceListRow> {
  /** Only on the detail (GET /api/invoices/{id}) and the answers of changes. */
  receipts?: Receipt[];
}

export const saleListRow = z
  .object({
    ...documentBase,
    ...withCustomer,
    number: z.string(),
    sale_date: date,
    status: z.enum(SALE_STATUSES),
    payment_method: z.enum(PAYMENT_METHODS),
    /** The quote it was made from, and its number. */
    quote_id: id.nullable(),
    quote_number: z.string().nullable(),
    ...taxed,
    ...vehicleAnswer,
    items: z.array(saleItemRow),
  })
  .meta({ id: 'SaleListRow' });
export const saleRow = saleListRow.extend({ receipts: z.array(receiptRow) }).meta({ id: 'Sale' });
export interface Sale extends z.infer<typeof saleListRow> {
  /** Only on the detail (GET /api/sales/{id}) and the answers of changes. */
  receipts?: Receipt[];
}

export const quoteItemRow = z
  .object({
    ...lineBase,
    unit_price: amount,
    total: amount,
    /** The product's stock now at the quote's branch (a service has none). */
    stock: z.number().int().nullable(),
    ...counterLine,
  })
  .meta({ id: 'QuoteItem' });
export type QuoteItem = z.infer<typeof quoteItemRow>;

export const quoteRow = z
  .object({
    ...documentBase,
    ...withCustomer,
    number: z.string(),
    issued_date: date,
    valid_until: date,
    status: z.enum(QUOTE_STATUSES),
    /** When it was sent: a quote sent once changes only its validity and notes. */
    sent_at: timestamp.nullable(),
    /** The invoice or sale it became. */
    converted_to: z.object({ type: z.enum(['Invoice', 'Sale']), id, number: z.string().nullable() }).nullable(),
    ...taxed,
    ...vehicleAnswer,
    items: z.array(quoteItemRow),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteRow>;

export const creditNoteItemRow = z
  .object({
    ...lineBase,
    /** The invoice's or sale's line it returns. */
    line_id: id,
    unit_price: amount,
    restock: z.boolean(),
    /** The returned units' share of the document: before tax, its tax, and both. */
    total: amount,
    tax_amount: amount,
    amount,
    /** A core return: the core charge of a battery whose old core came back. */
    line_kind: z.enum(['item', 'fee', 'core_return']),
    ...lineTax,
  })
  .meta({ id: 'CreditNoteItem' });
export type CreditNoteItem = z.infer<typeof creditNoteItemRow>;

export const creditNoteRow = z
  .object({
    ...documentBase,
    ...withCustomer,
    number: z.string(),
    issued_date: date,
    status: z.enum(CREDIT_NOTE_STATUSES),
    reason: z.string(),
    /** The invoice or sale the goods came back from. */
    document: z.object({ type: z.enum(['Invoice', 'Sale']), id, number: z.string().nullable() }),
    /** How what was paid beyond what is owed went back: refunded, or kept as store credit; null when nothing was. */
    settle: z.enum(['refund', 'credit']).nullable(),
    refunded_amount: amount,
    store_credit_amount: amount,
    /** Its tax per rate: the returned lines' shares of their document's tax. */
    taxes: z.array(taxLineRow),
    items: z.array(creditNoteItemRow),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNoteRow>;

export const supplierReturnItemRow = z
  .object({
    ...lineBase,
    /** The purchase order's line it sends back. */
    line_id: id,
    /** The line's cost price. */
    unit_price: amount,
    /** The returned units' share of the order: before tax, its tax, and both. */
    total: amount,
    tax_amount: amount,
    amount,
  })
  .meta({ id: 'SupplierReturnItem' });
export type SupplierReturnItem = z.infer<typeof supplierReturnItemRow>;

export const supplierReturnRow = z
  .object({
    ...documentBase,
    supplier_id: id,
    supplier: partyRow,
    number: z.string(),
    issued_date: date,
    status: z.enum(SUPPLIER_RETURN_STATUSES),
    reason: z.string(),
    /** The purchase order the goods were received on. */
    document: z.object({ type: z.literal('Purchase'), id, number: z.string() }),
    /** What the supplier refunded of what had been paid beyond what the order now owes. */
    refunded_amount: amount,
    items: z.array(supplierReturnItemRow),
  })
  .meta({ id: 'SupplierReturn' });
export type SupplierReturn = z.infer<typeof supplierReturnRow>;

export const purchaseItemRow = z
  .object({
    ...lineBase,
    product_type: z.enum(PURCHASABLE_TYPES),
    /** What the line is called, as the specification names it. */
    purchaseable: z.object({ name: z.string() }),
    received_quantity: z.number().int(),
    returned,
    cost_price_at_purchase: amount,
    total_price: amount,
    /** The line's notes (the same as its description). */
    notes: z.string().nullable(),
  })
  .meta({ id: 'PurchaseOrderItem' });
export type PurchaseItem = z.infer<typeof purchaseItemRow>;

export const purchaseListRow = z
  .object({
    ...documentBase,
    supplier_id: id,
    supplier: partyRow,
    number: z.string(),
    purchase_date: date,
    expected_delivery_date: date.nullable(),
    actual_delivery_date: date.nullable(),
    reference_number: z.string().nullable(),
    status: z.enum(PURCHASE_STATUSES),
    /** Some goods have come but not all (the order stays `ordered`). */
    is_partly_received: z.boolean(),
    purchase_items: z.array(purchaseItemRow),
  })
  .meta({ id: 'PurchaseOrderListRow' });
export const purchaseRow = purchaseListRow.extend({ payments: z.array(receiptRow) }).meta({ id: 'PurchaseOrder' });
export interface Purchase extends z.infer<typeof purchaseListRow> {
  /** Only on the detail and the answers of changes: the order's receipts (expenses and refunds). */
  payments?: Receipt[];
}

/** The shop profile, as GET and PUT /api/settings answer it. */
export const settingsRow = z
  .object({
    shop_name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    tax_number: z.string().nullable(),
    payment_terms_days: z.number().int(),
    invoice_prefix: z.string(),
    sale_prefix: z.string(),
    receipt_prefix: z.string(),
    purchase_prefix: z.string(),
    quote_prefix: z.string(),
    credit_note_prefix: z.string(),
    supplier_return_prefix: z.string(),
    /** How many days a new quote holds. */
    quote_valid_days: z.number().int(),
    /** How many days after a sale a battery's core is still credited. */
    core_return_days: z.number().int(),
    print_footer: z.string().nullable(),
    version,
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsRow>;
