import { z } from 'zod';
import { optionalEmail, optionalText, requiredText } from './common.ts';

export const supplierInput = z.object({
  name: requiredText('Name'),
  contact_person: optionalText('Contact person', 255),
  email: optionalEmail(),
  phone: requiredText('Phone', 50),
  address: requiredText('Address', 500),
});
export type SupplierInput = z.input<typeof supplierInput>;

export interface Supplier {
  id: number;
  name: string;
  contact_person: string | null;
  email: string | null;
  phone: string;
  address: string;
  created_at: string;
  updated_at: string;
}
