import { describe, expect, it } from 'vitest';
import { formatInr, isPaise, paiseToRupees, rupeesToPaise } from './money';

describe('rupeesToPaise', () => {
  it('converts whole and fractional rupees to integer paise', () => {
    expect(rupeesToPaise(0)).toBe(0);
    expect(rupeesToPaise(1)).toBe(100);
    expect(rupeesToPaise(4.5)).toBe(450);
    expect(rupeesToPaise(432)).toBe(43200);
    expect(rupeesToPaise(9113)).toBe(911300);
    expect(rupeesToPaise(0.01)).toBe(1);
  });

  it('rounds to the nearest paisa, decimal halves up', () => {
    expect(rupeesToPaise(4.35)).toBe(435);
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(0.004)).toBe(0);
    expect(rupeesToPaise(0.006)).toBe(1);
    expect(rupeesToPaise(19.99)).toBe(1999);
  });

  it('handles negatives without -0', () => {
    expect(rupeesToPaise(-12.5)).toBe(-1250);
    expect(Object.is(rupeesToPaise(-0.001), 0)).toBe(true);
  });

  it('throws RangeError on non-finite input', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('paiseToRupees', () => {
  it('converts paise to rupees', () => {
    expect(paiseToRupees(0)).toBe(0);
    expect(paiseToRupees(43200)).toBe(432);
    expect(paiseToRupees(43250)).toBe(432.5);
    expect(paiseToRupees(5)).toBe(0.05);
    expect(paiseToRupees(-123450)).toBe(-1234.5);
  });

  it('round-trips with rupeesToPaise', () => {
    for (const p of [0, 1, 99, 100, 12345, 911300, 123456789]) {
      expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
    }
  });

  it('throws RangeError on non-finite input', () => {
    expect(() => paiseToRupees(Number.NaN)).toThrow(RangeError);
  });
});

describe('isPaise', () => {
  it('accepts safe integers only', () => {
    expect(isPaise(100)).toBe(true);
    expect(isPaise(-5)).toBe(true);
    expect(isPaise(1.5)).toBe(false);
    expect(isPaise('100')).toBe(false);
    expect(isPaise(Number.NaN)).toBe(false);
  });
});

describe('formatInr', () => {
  it('formats with the rupee sign, Indian grouping and two decimals', () => {
    expect(formatInr(12345600)).toBe('₹1,23,456.00');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatInr(50)).toBe('₹0.50');
    expect(formatInr(100)).toBe('₹1.00');
    expect(formatInr(43200)).toBe('₹432.00');
    expect(formatInr(99999)).toBe('₹999.99');
    expect(formatInr(100000)).toBe('₹1,000.00');
    expect(formatInr(911300)).toBe('₹9,113.00');
    expect(formatInr(123456789)).toBe('₹12,34,567.89');
  });

  it('groups lakhs and crores', () => {
    expect(formatInr(10000000)).toBe('₹1,00,000.00');
    expect(formatInr(1000000000)).toBe('₹1,00,00,000.00');
    expect(formatInr(100000000000)).toBe('₹1,00,00,00,000.00');
    expect(formatInr(987654321012)).toBe('₹9,87,65,43,210.12');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatInr(-123450)).toBe('-₹1,234.50');
    expect(formatInr(-5)).toBe('-₹0.05');
    expect(formatInr(-10000000)).toBe('-₹1,00,000.00');
  });

  it('never shows -₹0.00', () => {
    expect(formatInr(-0)).toBe('₹0.00');
    expect(formatInr(-0.4)).toBe('₹0.00');
  });

  it('rounds fractional paise', () => {
    expect(formatInr(5.4)).toBe('₹0.05');
    expect(formatInr(5.5)).toBe('₹0.06');
  });

  it('throws RangeError on non-finite input', () => {
    expect(() => formatInr(Number.NaN)).toThrow(RangeError);
    expect(() => formatInr(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
