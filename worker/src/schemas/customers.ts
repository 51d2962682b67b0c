import { z } from 'zod';
import { optionalEmail, optionalText, requiredText } from './common.ts';

export const customerInput = z.object({
  name: requiredText('Name'),
  email: optionalEmail(),
  phone: requiredText('Phone', 50),
  address: requiredText('Address', 500),
  company_name: optionalText('Company', 255),
});
export type CustomerInput = z.input<typeof customerInput>;

export interface Customer {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  address: string;
  company_name: string | null;
  created_at: string;
  updated_at: string;
}
