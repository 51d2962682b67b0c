import { base64url, fromBase64url } from './encoding.ts';

export interface TokenClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HEADER = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

const keys = new Map<string, Promise<CryptoKey>>();

/** The secret's HMAC key, imported once. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(claims)));
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${HEADER}.${payload}`));
  return `${HEADER}.${payload}.${base64url(new Uint8Array(signature))}`;
}

/** Tokens whose signature was checked, with their claims: a signed-in screen sends the same token with every request. */
const verified = new Map<string, { secret: string; claims: TokenClaims }>();
const VERIFIED_LIMIT = 1000;

/** Only HS256 with our secret is accepted; any other header, a bad signature or an expired token gives null. */
export async function verifyToken(token: string, secret: string, now = Date.now()): Promise<TokenClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) return known.claims.exp * 1000 > now ? known.claims : null;
  const claims = await verifySignature(token, secret, now);
  if (claims) {
    if (verified.size >= VERIFIED_LIMIT) verified.clear();
    verified.set(token, { secret, claims });
  }
  return claims;
}

async function verifySignature(token: string, secret: string, now: number): Promise<TokenClaims | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  try {
    const head = JSON.parse(decoder.decode(fromBase64url(header)));
    if (head?.alg !== 'HS256' || (head.typ !== undefined && head.typ !== 'JWT')) return null;
    const valid = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64url(signature) as BufferSource,
      encoder.encode(`${header}.${payload}`),
    );
    if (!valid) return null;
    const claims = JSON.parse(decoder.decode(fromBase64url(payload)));
    if (typeof claims?.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
    if (claims.exp * 1000 <= now) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}
