import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LONG_SESSION_SECONDS, SHORT_SESSION_SECONDS, signSessionToken, verifySessionToken } from '../src/services/auth/tokens';

const SECRET = 'test-secret-test-secret-test-secret-123';

describe('session tokens', () => {
  it('round-trips the user id and role', async () => {
    const token = await signSessionToken(SECRET, { userId: 'u1', role: 'customer' });
    expect(await verifySessionToken(SECRET, token)).toEqual({ userId: 'u1', role: 'customer' });
  });

  it('refuses alg none, a changed signature, another secret and an expired token', async () => {
    const token = await signSessionToken(SECRET, { userId: 'u1', role: 'admin' });
    const unsigned = new UnsecuredJWT({ role: 'admin' })
      .setSubject('u1')
      .setIssuer('framewala')
      .setAudience('framewala:session')
      .setExpirationTime('1h')
      .encode();
    expect(await verifySessionToken(SECRET, unsigned)).toBeUndefined();
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${h}.${p}.${(s[0] === 'A' ? 'B' : 'A') + s.slice(1)}`;
    expect(await verifySessionToken(SECRET, flipped)).toBeUndefined();
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect(await verifySessionToken(SECRET, `${h}.${forgedPayload}.${s}`)).toBeUndefined();
    expect(await verifySessionToken('another-secret-another-secret-12345', token)).toBeUndefined();
    const old = await signSessionToken(
      SECRET,
      { userId: 'u1', role: 'customer' },
      { now: Date.now() - (SHORT_SESSION_SECONDS + 60) * 1000 },
    );
    expect(await verifySessionToken(SECRET, old)).toBeUndefined();
    const hs512 = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u1')
      .setIssuer('framewala')
      .setAudience('framewala:session')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySessionToken(SECRET, hs512)).toBeUndefined();
    expect(await verifySessionToken(SECRET, 'not.a.jwt')).toBeUndefined();
  });

  it('gives a short session by default and a long one with remember me', async () => {
    const exp = async (remember: boolean) => {
      const t = await signSessionToken(SECRET, { userId: 'u1', role: 'customer' }, { remember, now: 1_800_000_000_000 });
      return (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number }).exp - 1_800_000_000;
    };
    expect(await exp(false)).toBe(SHORT_SESSION_SECONDS);
    expect(await exp(true)).toBe(LONG_SESSION_SECONDS);
  });
});
