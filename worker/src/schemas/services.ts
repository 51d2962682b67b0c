import { taxClassInput, taxClassRow } from './tax.ts';
import { z } from 'zod';
import { flag, money, optionalText, requiredText } from './common.ts';
import { amount, id, recordStamps } from './answers.ts';

export const serviceInput = z.object({
  name: requiredText('Name'),
  description: optionalText('Description', 2000),
  selling_price: money('Selling price'),
  active: flag('Active').default(true),
  ...taxClassInput,
});
export type ServiceInput = z.output<typeof serviceInput>;

export const serviceRow = z
  .object({
    ...taxClassRow, id, name: z.string(), description: z.string().nullable(), selling_price: amount, active: z.boolean(), ...recordStamps })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceRow>;
