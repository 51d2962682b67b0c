/** The two roles and how people say them; no validation here, so the app's first screen can name a role cheaply. */
export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', staff: 'Staff' };
