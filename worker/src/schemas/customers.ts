import { z } from 'zod';
import { optionalEmail, optionalText, requiredText } from './common.ts';
import { id, recordStamps } from './answers.ts';

/** The customer of counter sales whose buyer is not recorded: a new sale starts with the customer of this name. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';

export const customerInput = z.object({
  name: requiredText('Name'),
  email: optionalEmail(),
  phone: requiredText('Phone', 50),
  address: requiredText('Address', 500),
  company_name: optionalText('Company', 255),
});
export type CustomerInput = z.input<typeof customerInput>;

export const customerRow = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  company_name: z.string().nullable(),
  ...recordStamps,
});
export type Customer = z.infer<typeof customerRow>;
