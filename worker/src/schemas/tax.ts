import { z } from 'zod';
import { LIMITS, flag, money, optionalDate, optionalId, optionalText, requiredId, requiredText, wholeNumber } from './common.ts';
import { amount, id, recordStamps } from './answers.ts';
import { taxLineRow } from './documents.ts';

const rate = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: 'Rate is required' })
    .min(0, 'Rate must be between 0 and 100')
    .max(100, 'Rate must be between 0 and 100')
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'Rate must have at most 3 decimals'),
);

/** POST and PUT /api/tax-rates: the default rate taxes every product without a rate of its own. */
export const taxRateInput = z.object({
  name: requiredText('Name', 100),
  rate,
  is_default: flag('Default').default(false),
});
export type TaxRateInput = z.input<typeof taxRateInput>;

export const taxRateRow = z
  .object({
    id,
    name: z.string(),
    rate: z.number(),
    is_default: z.boolean(),
    /** The products taxed at this rate by choice (not those following the default). */
    products: z.number().int(),
    ...recordStamps,
  })
  .meta({ id: 'TaxRate' });
export type TaxRate = z.infer<typeof taxRateRow>;

/** A product's tax class, as every product form takes it: its own rate, the default (null), or exempt. */
export const taxClassInput = {
  tax_rate_id: optionalId('Tax rate').meta({ description: "Left out: the shop's default rate" }),
  tax_exempt: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), flag('Tax exempt').optional())
    .transform((value) => value ?? false),
};
export const taxClassRow = { tax_rate_id: id.nullable(), tax_exempt: z.boolean() };

/** POST /api/document-preview: the fees and tax a document's lines would have, as the form changes them. */
export const documentPreviewInput = z.object({
  customer_id: optionalId('Customer'),
  date: optionalDate('Date'),
  discount_amount: money('Discount amount').optional(),
  items: z
    .array(
      z.object({
        product_id: requiredId('Product is required'),
        quantity: wholeNumber('Quantity', 1),
        unit_price: money('Unit price'),
        discount_percent: z.coerce.number().min(0).max(100).optional(),
        waived_fees: z.array(z.object({ fee_rule_id: requiredId('Fee is required') }).passthrough()).max(10).optional(),
      }),
      { error: 'Items must be a list' },
    )
    .max(LIMITS.lines, `At most ${LIMITS.lines} lines`),
});

/** A fee line an item would carry: `key` is the item's index in the request. */
export type FeeLinePreview = z.infer<typeof feeLinePreviewRow>;
export const feeLinePreviewRow = z.object({
  key: z.number().int(),
  fee_rule_id: id,
  product_id: id,
  name: z.string(),
  amount,
  quantity: z.number().int(),
  total: amount,
  refundable: z.boolean(),
});

export const documentPreviewRow = z
  .object({ fees: z.array(feeLinePreviewRow), taxes: z.array(taxLineRow), tax_amount: amount, tax_exempt_certificate: z.string().nullable() })
  .meta({ id: 'DocumentPreview' });
export type DocumentPreview = z.infer<typeof documentPreviewRow>;

export const customerTaxInput = {
  tax_exempt: flag('Tax exempt').default(false),
  tax_exempt_certificate: optionalText('Exemption certificate', 100),
  tax_exempt_until: optionalDate('Exempt until'),
};
