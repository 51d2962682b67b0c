import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../worker/src/auth/jwt.ts';
import { hashPassword, verifyPassword, NODE_PBKDF2_ITERATIONS, WORKERS_PBKDF2_ITERATIONS } from '../../worker/src/auth/password.ts';

const secret = 'unit-test-secret-that-is-at-least-32-bytes-long';
// Changes the signature's first character: its high six bits always change. Changing the last
// characters can leave the bytes as they were (the last character's low bits are padding).
const withChangedSignature = (token: string) => {
  const dot = token.lastIndexOf('.') + 1;
  return `${token.slice(0, dot)}${token[dot] === 'A' ? 'B' : 'A'}${token.slice(dot + 1)}`;
};
const claims = () => ({ sub: '7', sid: 'b3f4b7a2-1111-4c4c-9d9d-000000000001', iat: 1, exp: Math.floor(Date.now() / 1000) + 60 });

describe('tokens', () => {
  it('round-trips its claims', async () => {
    const c = claims();
    expect(await verifyToken(await signToken(c, secret), secret)).toEqual(c);
  });

  it('refuses another secret, a changed signature and expiry', async () => {
    const token = await signToken(claims(), secret);
    expect(await verifyToken(token, `${secret}x`)).toBeNull();
    expect(await verifyToken(withChangedSignature(token), secret)).toBeNull();
    expect(await verifyToken(token, secret, Date.now() + 61_000)).toBeNull();
    expect(await verifyToken('', secret)).toBeNull();
    expect(await verifyToken('a.b', secret)).toBeNull();
    expect(await verifyToken('!!.??.**', secret)).toBeNull();
  });

  it('refuses a token it has already accepted once it expires, or under another secret', async () => {
    const token = await signToken(claims(), secret);
    expect(await verifyToken(token, secret)).not.toBeNull();
    expect(await verifyToken(token, `${secret}x`)).toBeNull();
    expect(await verifyToken(token, secret, Date.now() + 61_000)).toBeNull();
    expect(await verifyToken(withChangedSignature(token), secret)).toBeNull();
    expect(await verifyToken(token, secret)).not.toBeNull();
  });
});

describe('passwords', () => {
  it('stores the parameters with a salted hash and checks it', async () => {
    const stored = await hashPassword('correct horse', WORKERS_PBKDF2_ITERATIONS);
    expect(stored).toMatch(new RegExp(`^pbkdf2-sha256\\$${WORKERS_PBKDF2_ITERATIONS}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(await hashPassword('correct horse', WORKERS_PBKDF2_ITERATIONS)).not.toBe(stored);
    expect(await verifyPassword('correct horse', stored, WORKERS_PBKDF2_ITERATIONS)).toBe(true);
    expect(await verifyPassword('correct horse ', stored, WORKERS_PBKDF2_ITERATIONS)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage', WORKERS_PBKDF2_ITERATIONS)).toBe(false);
  });

  it('checks hashes up to the runtime limit: 600,000 iterations on Node, 100,000 on Workers', async () => {
    const stored = await hashPassword('pw', NODE_PBKDF2_ITERATIONS);
    expect(stored).toMatch(/^pbkdf2-sha256\$600000\$/);
    expect(await verifyPassword('pw', stored, NODE_PBKDF2_ITERATIONS)).toBe(true);
    expect(await verifyPassword('pw', stored, WORKERS_PBKDF2_ITERATIONS)).toBe(false);
  });
});
