import { z } from 'zod';
import { LIMITS, flag, money, optionalDate, optionalId, optionalText, requiredId, requiredText, wholeNumber } from './common.ts';
import { amount, date, id, named, recordStamps } from './answers.ts';
import { taxClassInput, taxClassRow } from './tax.ts';

export const FEE_APPLIES_TO = ['tire', 'battery', 'wiper', 'marked'] as const;

/** POST and PUT /api/fee-rules. */
export const feeRuleInput = z.object({
  name: requiredText('Name', 100),
  amount: money('Amount'),
  applies_to: z.enum(FEE_APPLIES_TO, { error: 'Applies to must be tire, battery, wiper or marked' }).meta({
    description: 'Every product of a type, or only the products in `product_ids`',
  }),
  product_ids: z
    .array(z.coerce.number().int().positive(), { error: 'Products must be a list' })
    .max(LIMITS.lines, `At most ${LIMITS.lines} products`)
    .default([])
    .meta({ description: 'The products marked with the fee, when it applies to marked products' }),
  refundable: flag('Refundable').default(false).meta({ description: 'A core charge: credited back when the old part comes back' }),
  active: flag('Active').default(true),
  ...taxClassInput,
});
export type FeeRuleInput = z.input<typeof feeRuleInput>;

export const feeRuleRow = z
  .object({
    id,
    name: z.string(),
    amount,
    applies_to: z.enum(FEE_APPLIES_TO),
    product_ids: z.array(id),
    refundable: z.boolean(),
    active: z.boolean(),
    /** The service the fee is sold as. */
    product_id: id,
    ...taxClassRow,
    ...recordStamps,
  })
  .meta({ id: 'FeeRule' });
export type FeeRule = z.infer<typeof feeRuleRow>;

// ---- Fees and cores: reports, and cores sent back ----

/** GET /api/reports/fees: what each fee collected, per month and branch (credit notes taken off). */
export const feesReportQuery = z
  .object({ dateFrom: optionalDate('From date'), dateTo: optionalDate('To date'), location_id: optionalId('Location') })
  .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, { path: ['dateTo'], message: 'To date must be on or after From date' });

export const feesReport = z
  .object({
    filters: z.object({ dateFrom: date, dateTo: date, location_id: id.nullable() }),
    rows: z.array(
      z.object({ month: z.string().describe('YYYY-MM'), location_id: id, location: z.string(), fee_rule_id: id, fee: z.string(), quantity: z.number().int(), amount }),
    ),
    totals: z.array(z.object({ fee_rule_id: id, fee: z.string(), quantity: z.number().int(), amount })),
  })
  .meta({ id: 'FeesReport' });
export type FeesReport = z.infer<typeof feesReport>;

/** GET /api/reports/cores: the cores each branch holds, and the core charges not credited past their deadline. */
export const coresReport = z
  .object({
    core_return_days: z.number().int(),
    on_hand: z.array(z.object({ location_id: id, location: z.string(), fee_rule_id: id, fee: z.string(), quantity: z.number().int() })),
    overdue: z.array(
      z.object({
        document_type: z.enum(['Invoice', 'Sale']),
        document_id: id,
        number: z.string().nullable(),
        sold_on: date,
        deadline: date,
        location_id: id,
        customer: named,
        fee: z.string(),
        /** Cores sold less those that came back. */
        outstanding: z.number().int(),
        amount,
      }),
    ),
  })
  .meta({ id: 'CoresReport' });
export type CoresReport = z.infer<typeof coresReport>;

/** POST /api/cores/send-back: cores that leave a branch for the supplier, for credit. */
export const sendCoresInput = z.object({
  location_id: requiredId('Location is required'),
  fee_rule_id: requiredId('Core is required'),
  supplier_id: requiredId('Supplier is required'),
  quantity: wholeNumber('Quantity', 1),
  credit_amount: money('Credit').optional().meta({ description: 'What the supplier credits for them' }),
  notes: optionalText('Notes', 500),
});

export const coreMoveRow = z
  .object({
    id,
    location_id: id,
    fee_rule_id: id,
    quantity: z.number().int(),
    reason: z.enum(['returned', 'return_cancelled', 'sent_back']),
    supplier_id: id.nullable(),
    credit_amount: amount.nullable(),
    moved_on: date,
    notes: z.string().nullable(),
    /** What the branch holds of this core after the move. */
    on_hand: z.number().int(),
  })
  .meta({ id: 'CoreMove' });
