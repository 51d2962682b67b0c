import { z } from 'zod';

export const loginInput = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(255, 'Email must be at most 255 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be at most 1024 characters'),
  remember: z.boolean({ error: 'Remember me must be true or false' }).optional().default(false),
});
export type LoginInput = z.input<typeof loginInput>;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'staff';
  /** Where documents, stock adjustments and lists start; null when the user has none. */
  home_location_id: number | null;
  home_location: { id: number; name: string } | null;
  /** Set by an administrator's reset (and on a new account): the user chooses a password before anything else. */
  must_change_password: boolean;
}
