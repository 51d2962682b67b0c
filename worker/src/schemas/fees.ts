import { z } from 'zod';
import { LIMITS, flag, money, requiredText } from './common.ts';
import { amount, id, recordStamps } from './answers.ts';
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
