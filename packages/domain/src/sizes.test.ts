import { describe, expect, it } from 'vitest';
import {
  PRESET_SIZES,
  SIZE_FORMATS,
  findPresetSize,
  getPresetSize,
  imageTypeOf,
  isImageType,
  orientSize,
  presetSizesOf,
  sizeGroupsFor,
} from './sizes';
import type { PresetSize } from './sizes';

function preset(id: string): PresetSize {
  const s = getPresetSize(id);
  if (!s) throw new Error(`missing preset ${id}`);
  return s;
}

describe('PRESET_SIZES', () => {
  it('has the seed catalogue in display order', () => {
    expect(SIZE_FORMATS).toEqual(['3:2', '4:3', 'Square', 'Classic', 'DIN/ISO', '16:9']);
    expect(PRESET_SIZES).toHaveLength(33);
    const dims = (format: (typeof SIZE_FORMATS)[number]) => presetSizesOf(format).map((s) => `${s.width}x${s.height}`);
    expect(dims('3:2')).toEqual(['6x4', '12x8', '15x10', '18x12', '24x16', '30x20']);
    expect(dims('4:3')).toEqual(['8x6', '12x9', '16x12', '20x15', '24x18']);
    expect(dims('Square')).toEqual(['5x5', '8x8', '10x10', '15x15', '20x20', '30x30']);
    expect(dims('Classic')).toEqual(['10x8', '14x11', '20x16', '24x20', '30x24', '40x30']);
    expect(dims('DIN/ISO')).toEqual(['8.3x5.8', '11.7x8.3', '16.5x11.7', '23.4x16.5', '33.1x23.4']);
    expect(dims('16:9')).toEqual(['16x9', '24x13.5', '32x18', '48x27', '60x33.75']);
    expect(PRESET_SIZES.map((s) => s.format)).toEqual(
      [...PRESET_SIZES.map((s) => s.format)].sort((a, b) => SIZE_FORMATS.indexOf(a) - SIZE_FORMATS.indexOf(b)),
    );
  });

  it('is canonical: width ≥ height', () => {
    for (const s of PRESET_SIZES) expect(s.width).toBeGreaterThanOrEqual(s.height);
  });

  it('has unique, URL-safe ids following the scheme', () => {
    const ids = PRESET_SIZES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9.x-]+$/);
      expect(encodeURIComponent(id)).toBe(id);
    }
    expect(ids).toContain('3x2-12x8');
    expect(ids).toContain('4x3-16x12');
    expect(ids).toContain('square-10');
    expect(ids).toContain('classic-10x8');
    expect(ids).toContain('din-a4');
    expect(ids).toContain('16x9-24x13.5');
    expect(ids).toContain('16x9-60x33.75');
    expect(presetSizesOf('DIN/ISO').map((s) => s.id)).toEqual(['din-a5', 'din-a4', 'din-a3', 'din-a2', 'din-a1']);
  });

  it('labels DIN sizes with their paper name and numbers sort within each group', () => {
    expect(presetSizesOf('DIN/ISO').map((s) => s.label)).toEqual(['A5', 'A4', 'A3', 'A2', 'A1']);
    expect(preset('3x2-12x8').label).toBeUndefined();
    for (const format of SIZE_FORMATS) {
      expect(presetSizesOf(format).map((s) => s.sort)).toEqual(presetSizesOf(format).map((_, i) => i + 1));
    }
  });
});

describe('orientSize', () => {
  it('keeps landscape sizes wide and names them width-first', () => {
    expect(orientSize(preset('3x2-12x8'), 'landscape')).toEqual({
      id: '3x2-12x8',
      format: '3:2',
      sizeName: '12x8',
      width: 12,
      height: 8,
      price: 432,
    });
  });

  it('turns sizes portrait for portrait photos, with a -p id', () => {
    expect(orientSize(preset('3x2-12x8'), 'portrait')).toEqual({
      id: '3x2-12x8-p',
      format: '3:2',
      sizeName: '8x12',
      width: 8,
      height: 12,
      price: 432,
    });
    expect(orientSize(preset('classic-10x8'), 'portrait')).toMatchObject({ sizeName: '8x10', width: 8, height: 10 });
  });

  it('names DIN sizes with the paper name', () => {
    expect(orientSize(preset('din-a4'), 'landscape')).toEqual({
      id: 'din-a4',
      format: 'DIN/ISO',
      sizeName: 'A4 11.7x8.3',
      width: 11.7,
      height: 8.3,
      price: 437,
    });
    expect(orientSize(preset('din-a4'), 'portrait')).toMatchObject({ id: 'din-a4-p', sizeName: 'A4 8.3x11.7' });
  });

  it('leaves square sizes alone for every photo type', () => {
    for (const t of ['landscape', 'portrait', 'square'] as const) {
      expect(orientSize(preset('square-10'), t)).toEqual({
        id: 'square-10',
        format: 'Square',
        sizeName: '10x10',
        width: 10,
        height: 10,
        price: 450,
      });
    }
  });

  it('gives square photos landscape sizes', () => {
    expect(orientSize(preset('16x9-60x33.75'), 'square')).toEqual({
      id: '16x9-60x33.75',
      format: '16:9',
      sizeName: '60x33.75',
      width: 60,
      height: 33.75,
      price: 9113,
    });
  });
});

describe('sizeGroupsFor', () => {
  it('orients every group of a landscape photo wide, in display order', () => {
    const groups = sizeGroupsFor('landscape');
    expect(groups.map((g) => g.format)).toEqual([...SIZE_FORMATS]);
    expect(groups.map((g) => g.id)).toEqual(['3x2', '4x3', 'square', 'classic', 'din', '16x9']);
    for (const g of groups) {
      for (const s of g.sizes) {
        expect(s.width).toBeGreaterThanOrEqual(s.height);
        expect(s.id.endsWith('-p')).toBe(false);
      }
    }
    expect(groups.find((g) => g.format === 'Classic')?.sizes.map((s) => s.sizeName)).toEqual([
      '10x8',
      '14x11',
      '20x16',
      '24x20',
      '30x24',
      '40x30',
    ]);
  });

  it('orients every non-square group of a portrait photo tall, in display order', () => {
    const groups = sizeGroupsFor('portrait');
    expect(groups.map((g) => g.format)).toEqual([...SIZE_FORMATS]);
    for (const g of groups) {
      for (const s of g.sizes) {
        if (g.format === 'Square') {
          expect(s.width).toBe(s.height);
          expect(s.id.endsWith('-p')).toBe(false);
        } else {
          expect(s.width).toBeLessThan(s.height);
          expect(s.id.endsWith('-p')).toBe(true);
        }
      }
    }
    expect(groups.find((g) => g.format === '3:2')?.sizes.map((s) => s.sizeName)).toEqual([
      '4x6',
      '8x12',
      '10x15',
      '12x18',
      '16x24',
      '20x30',
    ]);
    expect(groups.find((g) => g.format === 'Classic')?.sizes.map((s) => s.sizeName)).toEqual([
      '8x10',
      '11x14',
      '16x20',
      '20x24',
      '24x30',
      '30x40',
    ]);
    expect(groups.find((g) => g.format === 'DIN/ISO')?.sizes.map((s) => s.sizeName)).toEqual([
      'A5 5.8x8.3',
      'A4 8.3x11.7',
      'A3 11.7x16.5',
      'A2 16.5x23.4',
      'A1 23.4x33.1',
    ]);
    expect(groups.find((g) => g.format === '16:9')?.sizes.map((s) => s.sizeName)).toEqual([
      '9x16',
      '13.5x24',
      '18x32',
      '27x48',
      '33.75x60',
    ]);
  });

  it('puts the Square group first for a square photo, the others in landscape form', () => {
    const groups = sizeGroupsFor('square');
    expect(groups.map((g) => g.format)).toEqual(['Square', '3:2', '4:3', 'Classic', 'DIN/ISO', '16:9']);
    expect(groups[0]?.sizes.map((s) => s.sizeName)).toEqual(['5x5', '8x8', '10x10', '15x15', '20x20', '30x30']);
    for (const g of groups) for (const s of g.sizes) expect(s.width).toBeGreaterThanOrEqual(s.height);
  });

  it('prices every offered size at round(w × h × 4.5) rupees, the same in both orientations', () => {
    const land = sizeGroupsFor('landscape').flatMap((g) => g.sizes);
    const port = sizeGroupsFor('portrait').flatMap((g) => g.sizes);
    expect(land).toHaveLength(33);
    expect(port.map((s) => s.price)).toEqual(land.map((s) => s.price));
    expect(land.map((s) => s.price)).toEqual([
      108, 432, 675, 972, 1728, 2700, 216, 486, 864, 1350, 1944, 113, 288, 450, 1013, 1800, 4050, 360, 693, 1440, 2160, 3240, 5400, 217,
      437, 869, 1737, 3485, 648, 1458, 2592, 5832, 9113,
    ]);
  });
});

describe('findPresetSize', () => {
  it('resolves landscape and portrait ids of every offered size', () => {
    for (const t of ['landscape', 'portrait', 'square'] as const) {
      for (const s of sizeGroupsFor(t).flatMap((g) => g.sizes)) expect(findPresetSize(s.id)).toEqual(s);
    }
  });

  it('resolves specific ids', () => {
    expect(findPresetSize('3x2-12x8')).toMatchObject({ width: 12, height: 8, sizeName: '12x8' });
    expect(findPresetSize('3x2-12x8-p')).toMatchObject({ width: 8, height: 12, sizeName: '8x12' });
    expect(findPresetSize('din-a1-p')).toMatchObject({ width: 23.4, height: 33.1, price: 3485 });
  });

  it('returns undefined for unknown ids', () => {
    expect(findPresetSize('')).toBeUndefined();
    expect(findPresetSize('3x2-13x8')).toBeUndefined();
    expect(findPresetSize('3x2-8x12')).toBeUndefined();
    expect(findPresetSize('square-10-p')).toBeUndefined();
    expect(findPresetSize('-p')).toBeUndefined();
    expect(findPresetSize('3x2-12x8-p-p')).toBeUndefined();
  });
});

describe('imageTypeOf', () => {
  it('compares width and height', () => {
    expect(imageTypeOf(4000, 3000)).toBe('landscape');
    expect(imageTypeOf(3000, 4000)).toBe('portrait');
    expect(imageTypeOf(2000, 2000)).toBe('square');
    expect(imageTypeOf(701, 700)).toBe('landscape');
  });

  it('throws on non-positive sizes', () => {
    expect(() => imageTypeOf(0, 10)).toThrow(RangeError);
    expect(() => imageTypeOf(10, Number.NaN)).toThrow(RangeError);
  });

  it('isImageType recognises the three types', () => {
    expect(isImageType('portrait')).toBe(true);
    expect(isImageType('Portrait')).toBe(false);
    expect(isImageType(1)).toBe(false);
  });
});
