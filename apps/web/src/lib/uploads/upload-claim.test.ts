import { describe, expect, it } from 'vitest';
import { ensureUploadClaim, getUploadClaim, uploadRequestHeaders } from './upload-claim';

describe('upload claim', () => {
  it('is created once as 32 random bytes in base64url and then kept', () => {
    const claim = ensureUploadClaim();
    expect(claim).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(window.localStorage.getItem('framewala.claim')).toBe(claim);
    expect(ensureUploadClaim()).toBe(claim);
  });

  it('differs between browsers', () => {
    const first = ensureUploadClaim();
    window.localStorage.clear();
    expect(ensureUploadClaim()).not.toBe(first);
  });

  it('replaces a stored value that is not a well-formed claim', () => {
    window.localStorage.setItem('framewala.claim', 'not a claim');
    const claim = ensureUploadClaim();
    expect(claim).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(window.localStorage.getItem('framewala.claim')).toBe(claim);
  });

  it('goes with the bearer token only when one is stored', () => {
    expect(uploadRequestHeaders()).toEqual({ 'X-Upload-Claim': ensureUploadClaim() });
    window.localStorage.setItem('framewala.token', 'a.b.c');
    expect(uploadRequestHeaders()).toEqual({ 'X-Upload-Claim': ensureUploadClaim(), Authorization: 'Bearer a.b.c' });
  });

  it('is read for the sign-in claim only when one exists', () => {
    expect(getUploadClaim()).toBeNull();
    window.localStorage.setItem('framewala.claim', 'abc');
    expect(getUploadClaim()).toBe('abc');
  });
});
