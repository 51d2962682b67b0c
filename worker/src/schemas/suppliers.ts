import { z } from 'zod';
import { optionalEmail, optionalText, requiredText } from './common.ts';
import { id, recordStamps } from './answers.ts';

export const supplierInput = z.object({
  name: requiredText('Name'),
  contact_person: optionalText('Contact person', 255),
  email: optionalEmail(),
  phone: requiredText('Phone', 50),
  address: requiredText('Address', 500),
});
export type SupplierInput = z.input<typeof supplierInput>;

export const supplierRow = z.object({
  id,
  name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  ...recordStamps,
});
export type Supplier = z.infer<typeof supplierRow>;
