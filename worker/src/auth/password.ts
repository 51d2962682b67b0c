import { base64url, constantTimeEqual, fromBase64url } from './encoding.ts';

/** What Node hashes new passwords with: OWASP's figure for PBKDF2-HMAC-SHA256. */
export const NODE_PBKDF2_ITERATIONS = 600_000;
/** The most PBKDF2 iterations production Workers accept (deriveBits refuses more there). */
export const WORKERS_PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>`, so the parameters travel with the hash. */
export async function hashPassword(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${base64url(salt)}$${base64url(hash)}`;
}

/** The iteration count a stored hash was made with (0 when it is not one of ours). */
export function hashIterations(stored: string): number {
  const [scheme, iterations] = stored.split('$');
  const count = Number(iterations);
  return scheme === 'pbkdf2-sha256' && Number.isInteger(count) && count > 0 ? count : 0;
}

/** Checks a password against its stored hash, made with at most `maxIterations` (the runtime's limit). */
export async function verifyPassword(password: string, stored: string, maxIterations: number): Promise<boolean> {
  const count = hashIterations(stored);
  if (count < 1 || count > maxIterations) return false;
  const [, , salt, hash] = stored.split('$');
  try {
    return constantTimeEqual(await derive(password, fromBase64url(salt), count), fromBase64url(hash));
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function spendPasswordCheck(password: string, iterations: number): Promise<void> {
  await derive(password, new Uint8Array(16), iterations);
}
