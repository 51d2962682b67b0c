import { z } from 'zod';
import { flag, optionalDate, optionalEmail, optionalText, requiredText } from './common.ts';
import { date, id, recordStamps } from './answers.ts';

/** The customer of counter sales whose buyer is not recorded: a new sale starts with the customer of this name. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';

export const customerInput = z.object({
  name: requiredText('Name'),
  email: optionalEmail(),
  phone: requiredText('Phone', 50),
  address: requiredText('Address', 500),
  company_name: optionalText('Company', 255),
  /** Buys tax-free while the certificate holds (until its expiry, when it has one). */
  tax_exempt: flag('Tax exempt').default(false),
  tax_exempt_certificate: optionalText('Exemption certificate', 100),
  tax_exempt_until: optionalDate('Exempt until'),
}).refine((input) => !input.tax_exempt || input.tax_exempt_certificate, {
  path: ['tax_exempt_certificate'],
  message: 'A tax-exempt customer needs the number of their exemption certificate',
});
export type CustomerInput = z.input<typeof customerInput>;

export const customerRow = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  company_name: z.string().nullable(),
  tax_exempt: z.boolean(),
  tax_exempt_certificate: z.string().nullable(),
  tax_exempt_until: date.nullable(),
  ...recordStamps,
});
export type Customer = z.infer<typeof customerRow>;
