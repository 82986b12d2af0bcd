import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WHITE_BORDER_NAMES,
  DEFAULT_WHITE_BORDER_NAMES_HI,
  DEFAULT_WHITE_BORDERS,
  FORMER_WHITE_BORDER_NAMES,
  MOULDING_WIDTHS,
  WHITE_BORDER_LEVELS,
  borderLevelForIndex,
  indexOfBorderLevel,
  indexOfMouldingWidth,
  mouldingWidthForIndex,
} from './borders';

describe('white border levels', () => {
  it('are the seed levels', () => {
    expect(WHITE_BORDER_LEVELS).toEqual([0, 0.4, 0.8, 1.2, 2, 3.1, 4.7]);
  });

  it('map card index 0..6 to inches', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(borderLevelForIndex)).toEqual([0, 0.4, 0.8, 1.2, 2, 3.1, 4.7]);
    expect(borderLevelForIndex(4)).toBe(2);
  });

  it('map back from inches to index', () => {
    expect(indexOfBorderLevel(3.1)).toBe(5);
    expect(indexOfBorderLevel(0)).toBe(0);
    expect(indexOfBorderLevel(1)).toBe(-1);
  });

  it('throw RangeError outside 0..6', () => {
    for (const i of [-1, 7, 1.5, Number.NaN]) expect(() => borderLevelForIndex(i)).toThrow(RangeError);
  });
});

describe('DEFAULT_WHITE_BORDERS', () => {
  it('has seven rows, level 0 (no border, free) first', () => {
    expect(DEFAULT_WHITE_BORDERS).toHaveLength(7);
    expect(DEFAULT_WHITE_BORDERS[0]).toEqual({ level: 0, size: 0, name: 'No border', sizeName: 'None', pricePaise: 0 });
  });

  it('follows the levels with rising prices', () => {
    expect(DEFAULT_WHITE_BORDERS.map((b) => b.level)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(DEFAULT_WHITE_BORDERS.map((b) => b.size)).toEqual([...WHITE_BORDER_LEVELS]);
    expect(DEFAULT_WHITE_BORDERS.map((b) => b.pricePaise)).toEqual([0, 9900, 14900, 19900, 29900, 44900, 69900]);
    expect(DEFAULT_WHITE_BORDERS.map((b) => b.name)).toEqual(['No border', 'Hairline', 'Narrow', 'Medium', 'Wide', 'Extra wide', 'Widest']);
    expect(DEFAULT_WHITE_BORDERS[6]?.sizeName).toBe('4.7 in (12 cm)');
    for (const b of DEFAULT_WHITE_BORDERS) {
      expect(Number.isInteger(b.pricePaise)).toBe(true);
      expect(b.pricePaise % 100).toBe(0);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_WHITE_BORDERS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_WHITE_BORDERS[1])).toBe(true);
  });

  it('has a Hindi name for every default border, in Devanagari', () => {
    expect(Object.keys(DEFAULT_WHITE_BORDER_NAMES_HI)).toEqual(DEFAULT_WHITE_BORDERS.map((b) => b.name));
    for (const name of Object.values(DEFAULT_WHITE_BORDER_NAMES_HI)) expect(name).toMatch(/^[\u0900-\u097F ]+$/u);
    expect(DEFAULT_WHITE_BORDER_NAMES_HI.Hairline).toBe('बहुत पतला');
  });

  it('renames only the former names that reused frame-set names, each at its own level', () => {
    for (const former of FORMER_WHITE_BORDER_NAMES) {
      expect(DEFAULT_WHITE_BORDERS[former.level]!.name).not.toBe(former.name);
      expect((DEFAULT_WHITE_BORDER_NAMES as readonly string[]).includes(former.name)).toBe(false);
    }
  });
});

describe('moulding widths', () => {
  it('map frame edit value 0..4 to 0.8, 1, 1.5, 2, 3 in', () => {
    expect(MOULDING_WIDTHS).toEqual([0.8, 1, 1.5, 2, 3]);
    expect([0, 1, 2, 3, 4].map(mouldingWidthForIndex)).toEqual([0.8, 1, 1.5, 2, 3]);
    expect(indexOfMouldingWidth(1.5)).toBe(2);
    expect(indexOfMouldingWidth(2.5)).toBe(-1);
  });

  it('throw RangeError outside 0..4', () => {
    for (const i of [-1, 5, 0.5]) expect(() => mouldingWidthForIndex(i)).toThrow(RangeError);
  });
});
