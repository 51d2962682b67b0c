import { z } from 'zod';
import { optionalId, requiredText } from './common.ts';
import { timestamp, recordStamps } from './answers.ts';

import { ROLES } from './roles.ts';
import { sessionUser } from './auth.ts';

export { ROLES, ROLE_LABELS, type Role } from './roles.ts';

export const MIN_PASSWORD_LENGTH = 8;

const email = requiredText('Email').pipe(z.email('Email must be a valid email address'));
const role = z.enum(ROLES, { error: 'Role must be admin or staff' });
const homeLocation = optionalId('Home branch');

/** A new password typed twice. */
function newPassword(label = 'Password') {
  return z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(MIN_PASSWORD_LENGTH, `${label} must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1024, `${label} must be at most 1024 characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain invalid characters`);
}

const confirmed = <T extends { password: string; password_confirmation: string }>(value: T) => value.password === value.password_confirmation;
const mismatch = { message: 'The passwords do not match', path: ['password_confirmation'] };

export const passwordInput = z
  .object({ password: newPassword(), password_confirmation: z.string({ error: 'Confirm the password' }) })
  .refine(confirmed, mismatch);
export type PasswordInput = z.input<typeof passwordInput>;

export const userUpdateInput = z.object({ name: requiredText('Name'), email, role, home_location_id: homeLocation });
export type UserUpdateInput = z.input<typeof userUpdateInput>;

export const userCreateInput = userUpdateInput
  .extend({ password: newPassword(), password_confirmation: z.string({ error: 'Confirm the password' }) })
  .refine(confirmed, mismatch);
export type UserCreateInput = z.input<typeof userCreateInput>;

export const profileInput = z.object({ name: requiredText('Name') });
export type ProfileInput = z.input<typeof profileInput>;

export const profilePasswordInput = z
  .object({
    current_password: z.string({ error: 'The current password is required' }).min(1, 'The current password is required').max(1024),
    password: newPassword('New password'),
    password_confirmation: z.string({ error: 'Confirm the new password' }),
  })
  .refine(confirmed, mismatch);
export type ProfilePasswordInput = z.input<typeof profilePasswordInput>;

/** A user as administrators see them: the signed-in user's fields and the account's state. */
export const userRow = sessionUser
  .extend({
    is_active: z.boolean(),
    /** Locked after too many failed sign-ins, until `locked_until`. */
    is_locked: z.boolean(),
    locked_until: timestamp.nullable(),
    last_login_at: timestamp.nullable(),
    ...recordStamps,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userRow>;

export const userSessionRow = z
  .object({
    id: z.uuid(),
    /** A short description of the browser and system, from its user agent ('Chrome on Windows'). */
    device: z.string(),
    user_agent: z.string().nullable(),
    created_at: timestamp,
    last_seen_at: timestamp,
    expires_at: timestamp,
    /** The session this request was made with. */
    current: z.boolean(),
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSessionRow>;

/** GET /api/profile/sessions: every session of the user still signed in, newest first. */
export const userSessionList = z.object({ data: z.array(userSessionRow) });

/** POST /api/profile/sessions/sign-out-others: how many sessions ended. */
export const signedOutAnswer = z.object({ data: z.object({ signed_out: z.number().int() }) });
