import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_INCHES, MIN_CUSTOM_INCHES, customSizeLabel, customSizeName, validateCustomSize } from './custom-size';

describe('validateCustomSize', () => {
  it('has bounds 4..40 in', () => {
    expect(MIN_CUSTOM_INCHES).toBe(4);
    expect(MAX_CUSTOM_INCHES).toBe(40);
  });

  it('accepts the bounds themselves', () => {
    expect(validateCustomSize(4, 40)).toEqual({ ok: true, width: 4, height: 40 });
    expect(validateCustomSize(40, 4)).toEqual({ ok: true, width: 40, height: 4 });
  });

  it('rejects just outside the bounds', () => {
    expect(validateCustomSize(3.99, 40.01)).toEqual({
      ok: false,
      errors: { width: 'Width must be at least 4 in', height: 'Height can be at most 40 in' },
    });
    expect(validateCustomSize(40.01, 3.99)).toEqual({
      ok: false,
      errors: { width: 'Width can be at most 40 in', height: 'Height must be at least 4 in' },
    });
  });

  it('rounds to 2 decimals before checking', () => {
    expect(validateCustomSize(12.345, 8.3333)).toEqual({ ok: true, width: 12.35, height: 8.33 });
    expect(validateCustomSize(3.996, 40.004)).toEqual({ ok: true, width: 4, height: 40 });
    expect(validateCustomSize(3.994, 12)).toMatchObject({ ok: false, errors: { width: 'Width must be at least 4 in' } });
  });

  it('accepts numeric strings', () => {
    expect(validateCustomSize('12', ' 8.5 ')).toEqual({ ok: true, width: 12, height: 8.5 });
    expect(validateCustomSize('40', '4.')).toEqual({ ok: true, width: 40, height: 4 });
    expect(validateCustomSize('+10', '.5e1')).toEqual({
      ok: false,
      errors: { height: 'Height must be a number of inches' },
    });
  });

  it('asks for missing values', () => {
    expect(validateCustomSize('', '')).toEqual({
      ok: false,
      errors: { width: 'Enter a width in inches', height: 'Enter a height in inches' },
    });
    expect(validateCustomSize(Number.NaN, undefined)).toEqual({
      ok: false,
      errors: { width: 'Enter a width in inches', height: 'Enter a height in inches' },
    });
    expect(validateCustomSize(null, '   ')).toEqual({
      ok: false,
      errors: { width: 'Enter a width in inches', height: 'Enter a height in inches' },
    });
    expect(validateCustomSize({}, [])).toMatchObject({ ok: false });
  });

  it('explains non-numeric strings', () => {
    expect(validateCustomSize('abc', '12in')).toEqual({
      ok: false,
      errors: { width: 'Width must be a number of inches', height: 'Height must be a number of inches' },
    });
    expect(validateCustomSize('0x10', '1,5')).toEqual({
      ok: false,
      errors: { width: 'Width must be a number of inches', height: 'Height must be a number of inches' },
    });
  });

  it('rejects zero, negatives and infinities with a bound message', () => {
    expect(validateCustomSize(0, -5)).toEqual({
      ok: false,
      errors: { width: 'Width must be at least 4 in', height: 'Height must be at least 4 in' },
    });
    expect(validateCustomSize(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toEqual({
      ok: false,
      errors: { width: 'Width can be at most 40 in', height: 'Height must be at least 4 in' },
    });
  });

  it('reports only the broken field', () => {
    const r = validateCustomSize(12, 41);
    expect(r).toEqual({ ok: false, errors: { height: 'Height can be at most 40 in' } });
    if (!r.ok) expect('width' in r.errors).toBe(false);
  });
});

describe('customSizeLabel', () => {
  it("is the seed's 'height X width'", () => {
    expect(customSizeLabel(12, 10)).toBe('10 X 12');
    expect(customSizeLabel(8.5, 11)).toBe('11 X 8.5');
    expect(customSizeLabel(12.25, 40)).toBe('40 X 12.25');
  });

  it('customSizeName is width-first like the presets', () => {
    expect(customSizeName(12, 10)).toBe('12x10');
    expect(customSizeName(8.5, 11)).toBe('8.5x11');
  });
});
