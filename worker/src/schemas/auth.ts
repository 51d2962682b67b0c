import { z } from 'zod';
import { id, named, timestamp } from './answers.ts';
import { ROLES } from './roles.ts';

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

/** The signed-in user, as sign-in and GET /api/auth/me tell it. */
export const sessionUser = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    /** Where documents, stock adjustments and lists start; null when the user has none. */
    home_location_id: id.nullable(),
    home_location: named.nullable(),
    /** Set by an administrator's reset (and on a new account): the user chooses a password before anything else. */
    must_change_password: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /api/auth/login: the bearer token, good until `expires_at`. */
export const loginAnswer = z.object({ token: z.string(), user: sessionUser, expires_at: timestamp }).meta({ id: 'SignedIn' });
export type LoginAnswer = z.infer<typeof loginAnswer>;
