import { z } from 'zod';
import { flag, money, optionalText, requiredText } from './common.ts';

export const serviceInput = z.object({
  name: requiredText('Name'),
  description: optionalText('Description', 2000),
  selling_price: money('Selling price'),
  active: flag('Active').default(true),
});
export type ServiceInput = z.output<typeof serviceInput>;

export interface Service {
  id: number;
  name: string;
  description: string | null;
  selling_price: number;
  active: boolean;
  created_at: string;
  updated_at: string;
}
