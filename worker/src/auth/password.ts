import { base64url, constantTimeEqual, fromBase64url } from './encoding.ts';

/** The most PBKDF2 iterations production Workers accept. */
export const PBKDF2_ITERATIONS = 100_000;
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
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${base64url(salt)}$${base64url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$');
  const count = Number(iterations);
  if (scheme !== 'pbkdf2-sha256' || !Number.isInteger(count) || count < 1 || count > PBKDF2_ITERATIONS) return false;
  try {
    return constantTimeEqual(await derive(password, fromBase64url(salt), count), fromBase64url(hash));
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function spendPasswordCheck(password: string): Promise<void> {
  await derive(password, new Uint8Array(16), PBKDF2_ITERATIONS);
}
