import { describe, expect, it } from 'vitest';
import {
  cropBodySchema,
  errorBodySchema,
  frameSchema,
  frameSetSchema,
  getFrameResponseSchema,
  getMotifBorderSizesResponseSchema,
  getPriceAndSizeResponseSchema,
  imageTypeSchema,
  motifBorderSchema,
  priceAndSizeBodySchema,
  sizeGroupSchema,
  uploadSchema,
} from './schemas';
import { sizeGroupsFor } from './sizes';
import { DEFAULT_WHITE_BORDERS } from './borders';
import { paiseToRupees } from './money';

const frame = {
  _id: 'f1',
  frameName: 'Walnut',
  frameCategory: 'Wood',
  frameDescription: 'Dark walnut, satin finish',
  frameNameHi: 'वॉलनट',
  frameCategoryHi: 'लकड़ी',
  frameDescriptionHi: null,
  sideUp: '/frames/walnut/up.webp',
  sideDown: '/frames/walnut/down.webp',
  sideLeft: '/frames/walnut/left.webp',
  sideRight: '/frames/walnut/right.webp',
  topLeft: '/frames/walnut/tl.webp',
  topRight: '/frames/walnut/tr.webp',
  bottomLeft: '/frames/walnut/bl.webp',
  bottomRight: '/frames/walnut/br.webp',
};

const frameSet = {
  _id: 'fs1',
  frameName: 'Slim 1 in',
  frameNameHi: null,
  sizeInInches: 1,
  framePrice: 4.5,
  thumbnailUrl: '/frames/slim-1/thumb.webp',
  label: '1 inch',
  padding: 0,
  frames: [frame],
};

describe('request schemas', () => {
  it('imageTypeSchema accepts the three types', () => {
    expect(imageTypeSchema.parse('landscape')).toBe('landscape');
    expect(imageTypeSchema.parse('portrait')).toBe('portrait');
    expect(imageTypeSchema.parse('square')).toBe('square');
    expect(imageTypeSchema.safeParse('Landscape').success).toBe(false);
  });

  it('priceAndSizeBodySchema is strict', () => {
    expect(priceAndSizeBodySchema.parse({ imageType: 'portrait' })).toEqual({ imageType: 'portrait' });
    expect(priceAndSizeBodySchema.safeParse({}).success).toBe(false);
    expect(priceAndSizeBodySchema.safeParse({ imageType: 'portrait', extra: 1 }).success).toBe(false);
  });

  it('cropBodySchema wants whole pixels', () => {
    expect(cropBodySchema.parse({ x: 0, y: 10, width: 700, height: 700 })).toEqual({ x: 0, y: 10, width: 700, height: 700 });
    expect(cropBodySchema.safeParse({ x: -1, y: 0, width: 10, height: 10 }).success).toBe(false);
    expect(cropBodySchema.safeParse({ x: 0, y: 0, width: 0, height: 10 }).success).toBe(false);
    expect(cropBodySchema.safeParse({ x: 0.5, y: 0, width: 10, height: 10 }).success).toBe(false);
  });
});

describe('catalogue response schemas', () => {
  it('frame and frame set', () => {
    expect(frameSchema.parse(frame)).toEqual(frame);
    expect(frameSetSchema.parse(frameSet)).toEqual(frameSet);
    expect(getFrameResponseSchema.parse({ getFrameSize: [frameSet] })).toEqual({ getFrameSize: [frameSet] });
    const { sideUp: _omit, ...missingSide } = frame;
    expect(frameSchema.safeParse(missingSide).success).toBe(false);
    expect(frameSetSchema.safeParse({ ...frameSet, framePrice: '4.5' }).success).toBe(false);
    expect(frameSetSchema.safeParse({ ...frameSet, _id: '' }).success).toBe(false);
  });

  it('reads a catalogue text without its Hindi (an older answer) as null', () => {
    const { frameNameHi: _name, frameCategoryHi: _category, frameDescriptionHi: _description, ...english } = frame;
    expect(frameSchema.parse(english)).toMatchObject({ frameNameHi: null, frameCategoryHi: null, frameDescriptionHi: null });
    expect(frameSchema.safeParse({ ...frame, frameNameHi: 42 }).success).toBe(false);
    expect(motifBorderSchema.parse({ _id: 'b', name: 'Slim', sizeName: 'y', size: 0.8, price: 149 }).nameHi).toBeNull();
  });

  it('size groups built from the domain catalogue pass', () => {
    const body = {
      getSizes: sizeGroupsFor('portrait').map((g) => ({
        _id: g.id,
        format: g.format,
        sizes: g.sizes.map(({ id, sizeName, width, height, price }) => ({ _id: id, sizeName, width, height, price })),
      })),
    };
    const parsed = getPriceAndSizeResponseSchema.parse(body);
    expect(parsed.getSizes).toHaveLength(6);
    expect(parsed.getSizes[0]?.sizes[1]).toEqual({ _id: '3x2-12x8-p', sizeName: '8x12', width: 8, height: 12, price: 432 });
    expect(sizeGroupSchema.safeParse({ _id: 'x', format: '5:4', sizes: [] }).success).toBe(false);
  });

  it('motif borders built from the defaults pass', () => {
    const body = {
      getMotifBorderSizes: DEFAULT_WHITE_BORDERS.map((b) => ({
        _id: `border-${b.level}`,
        name: b.name,
        sizeName: b.sizeName,
        size: b.size,
        price: paiseToRupees(b.pricePaise),
      })),
    };
    const parsed = getMotifBorderSizesResponseSchema.parse(body);
    expect(parsed.getMotifBorderSizes.map((b) => b.price)).toEqual([0, 99, 149, 199, 299, 449, 699]);
    expect(motifBorderSchema.safeParse({ _id: 'b', name: 'x', sizeName: 'y', size: -1, price: 0 }).success).toBe(false);
  });
});

describe('errorBodySchema and uploadSchema', () => {
  it('error bodies keep their details', () => {
    expect(errorBodySchema.parse({ message: 'Price changed', code: 'CONFLICT', amount: 43200 })).toEqual({
      message: 'Price changed',
      code: 'CONFLICT',
      amount: 43200,
    });
    expect(errorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
  });

  it('upload', () => {
    const upload = {
      _id: 'u1',
      url: '/uploads/u1/view.webp',
      thumbnailUrl: '/uploads/u1/thumb.webp',
      imageType: 'portrait',
      width: 3000,
      height: 4000,
      dpi: { x: 96, y: 96 },
      format: 'tiff',
      status: 'ready',
      parentId: null,
      crop: null,
      createdAt: '2025-05-12T10:00:00.000Z',
      expiresAt: '2025-08-10T10:00:00.000Z',
    };
    expect(uploadSchema.parse(upload)).toEqual(upload);
    expect(uploadSchema.safeParse({ ...upload, format: 'png' }).success).toBe(false);
    expect(uploadSchema.safeParse({ ...upload, status: 'done' }).success).toBe(false);
  });

  it('an upload still processing has no URLs yet; a crop names its parent and rectangle', () => {
    const processing = {
      _id: 'u2',
      url: null,
      thumbnailUrl: null,
      imageType: 'landscape',
      width: 40000,
      height: 25000,
      dpi: { x: 300, y: 300 },
      format: 'jpeg',
      status: 'processing',
      parentId: null,
      crop: null,
      createdAt: '2025-05-12T10:00:00.000Z',
      expiresAt: '2025-08-10T10:00:00.000Z',
    };
    expect(uploadSchema.parse(processing)).toEqual(processing);
    const crop = {
      ...processing,
      _id: 'u3',
      status: 'ready',
      url: '/media/a.jpg',
      thumbnailUrl: '/media/b.jpg',
      parentId: 'u2',
      crop: { x: 10, y: 20, width: 800, height: 700 },
    };
    expect(uploadSchema.parse(crop)).toEqual(crop);
    expect(uploadSchema.safeParse({ ...crop, crop: { x: 0, y: 0, width: 0, height: 5 } }).success).toBe(false);
  });
});
