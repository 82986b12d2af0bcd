import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, ShopError, errorBody, errorStatus, isErrorCode } from './errors';
import type { ErrorCode } from './errors';
import { errorBodySchema } from './schemas';

describe('ERROR_CATALOGUE', () => {
  it('has the required codes with their statuses', () => {
    const required: Record<string, number> = {
      BAD_REQUEST: 400,
      VALIDATION: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      ROUTE_NOT_FOUND: 404,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      UPLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      IMAGE_DIMENSIONS: 422,
      IMAGE_UNREADABLE: 422,
      RULE_BROKEN: 422,
      RATE_LIMITED: 429,
      INTERNAL: 500,
      SERVICE_UNAVAILABLE: 503,
    };
    for (const [code, status] of Object.entries(required)) {
      expect(isErrorCode(code), code).toBe(true);
      if (isErrorCode(code)) expect(errorStatus(code), code).toBe(status);
    }
  });

  it('has the fixed messages', () => {
    expect(ERROR_CATALOGUE.BAD_REQUEST.message).toBe('The request is not valid.');
    expect(ERROR_CATALOGUE.NOT_FOUND.message).toBe('Not found.');
    expect(ERROR_CATALOGUE.INTERNAL.message).toBe('Something went wrong on our side. Please try again.');
    expect(ERROR_CATALOGUE.IMAGE_DIMENSIONS.message).toBe('Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP');
    expect(ERROR_CATALOGUE.UPLOAD_TOO_LARGE.message).toBe('The photo is larger than 2 GB. Please choose a smaller file.');
    expect(ERROR_CATALOGUE.UNSUPPORTED_MEDIA_TYPE.message).toBe('Only JPG and TIF photos are accepted.');
  });

  it('has non-empty messages with no stray quotes and HTTP error statuses', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = ERROR_CATALOGUE[code];
      expect(message.length, code).toBeGreaterThan(0);
      expect(message, code).not.toMatch(/^["'`‘“]|["'`’”]$/);
      expect(message, code).toBe(message.trim());
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('uses upper snake case codes', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(isErrorCode('nope')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe('errorBody and ShopError', () => {
  it('builds { message, code, ...details }', () => {
    expect(errorBody('NOT_FOUND')).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
    expect(errorBody('CONFLICT', 'The amount has changed.', { amount: 43200 })).toEqual({
      message: 'The amount has changed.',
      code: 'CONFLICT',
      amount: 43200,
    });
    // details cannot override message or code
    expect(errorBody('FORBIDDEN', undefined, { code: 'X', message: 'Y' })).toEqual({
      message: 'You are not allowed to do that.',
      code: 'FORBIDDEN',
    });
    expect(errorBodySchema.safeParse(errorBody('RATE_LIMITED')).success).toBe(true);
  });

  it('carries code, status and details', () => {
    const e = new ShopError('IMAGE_DIMENSIONS');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ShopError');
    expect(e.code).toBe('IMAGE_DIMENSIONS');
    expect(e.status).toBe(422);
    expect(e.message).toBe('Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP');
    const code: ErrorCode = 'PRICE_MISMATCH';
    expect(new ShopError(code, undefined, { amount: 100 }).toBody()).toEqual({
      message: ERROR_CATALOGUE.PRICE_MISMATCH.message,
      code: 'PRICE_MISMATCH',
      amount: 100,
    });
  });
});
