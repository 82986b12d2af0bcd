import { describe, expect, it } from 'vitest';
import { divRoundHalfUp, formatMeasure, roundTo, toHundredths } from './units';

describe('toHundredths', () => {
  it('turns inches into exact integer hundredths', () => {
    expect(toHundredths(12)).toBe(1200);
    expect(toHundredths(8.3)).toBe(830);
    expect(toHundredths(33.75)).toBe(3375);
    expect(toHundredths(0.4)).toBe(40);
    expect(toHundredths(1.005)).toBe(101);
    expect(toHundredths(0)).toBe(0);
  });

  it('throws on non-finite input', () => {
    expect(() => toHundredths(Number.NaN)).toThrow(RangeError);
  });
});

describe('divRoundHalfUp', () => {
  it('rounds the exact quotient half up', () => {
    expect(divRoundHalfUp(481400, 10000)).toBe(48);
    expect(divRoundHalfUp(5, 10)).toBe(1);
    expect(divRoundHalfUp(4, 10)).toBe(0);
    expect(divRoundHalfUp(15, 10)).toBe(2);
    expect(divRoundHalfUp(25, 10)).toBe(3);
    expect(divRoundHalfUp(-5, 10)).toBe(0);
    expect(divRoundHalfUp(-6, 10)).toBe(-1);
    expect(divRoundHalfUp(0, 7)).toBe(0);
  });

  it('stays exact for large safe integers', () => {
    expect(divRoundHalfUp(2_000_000_000_000_150, 100)).toBe(20_000_000_000_002);
    expect(divRoundHalfUp(2_000_000_000_000_149, 100)).toBe(20_000_000_000_001);
  });

  it('rejects non-integers and non-positive divisors', () => {
    expect(() => divRoundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divRoundHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('roundTo and formatMeasure', () => {
  it('round half up with representation error removed', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(48.26, 1)).toBe(48.3);
    expect(roundTo(3.999, 2)).toBe(4);
  });

  it('prints compact measures', () => {
    expect(formatMeasure(12)).toBe('12');
    expect(formatMeasure(13.5)).toBe('13.5');
    expect(formatMeasure(33.75)).toBe('33.75');
    expect(formatMeasure(15.6)).toBe('15.6');
    expect(formatMeasure(48.26, 1)).toBe('48.3');
    expect(formatMeasure(10.0)).toBe('10');
  });
});
