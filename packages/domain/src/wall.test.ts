import { describe, expect, it } from 'vitest';
import {
  REFERENCE_OBJECTS,
  applyHomography,
  clampCentre,
  findBrightQuad,
  cssMatrix3d,
  homographyFromQuads,
  invertHomography,
  multiplyHomography,
  pixelsPerInch,
  placeOnWall,
  referenceRectMm,
  trueScaleFrame,
  wallToPhoto,
  type Homography,
  type Quad,
} from './wall';

const unit: Quad = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

function close(a: { x: number; y: number }, b: { x: number; y: number }, eps = 1e-6) {
  expect(a.x).toBeCloseTo(b.x, -Math.log10(eps));
  expect(a.y).toBeCloseTo(b.y, -Math.log10(eps));
}

describe('true scale in a drawn room', () => {
  it('turns a known length into pixels per inch', () => {
    // A 7 ft (84 in) sofa drawn 420 px wide: 5 px per inch.
    expect(pixelsPerInch(84, 420)).toBe(5);
    expect(() => pixelsPerInch(0, 420)).toThrow(RangeError);
    expect(() => pixelsPerInch(84, Number.NaN)).toThrow(RangeError);
  });

  it('draws the outer size (photo + 2 border + 2 moulding) at that scale', () => {
    const small = trueScaleFrame({ widthIn: 12, heightIn: 8, borderIn: 2, mouldingIn: 1.5 }, 5);
    expect(small).toEqual({ widthIn: 19, heightIn: 15, widthPx: 95, heightPx: 75, mouldingPx: 7.5, borderPx: 10 });
    const large = trueScaleFrame({ widthIn: 40, heightIn: 30, borderIn: 2, mouldingIn: 1.5 }, 5);
    expect(large.widthPx / small.widthPx).toBeCloseTo(47 / 19, 10);
  });

  it('keeps a frame inside the wall when dragged', () => {
    expect(clampCentre(5, 20, 0, 168)).toBe(10);
    expect(clampCentre(200, 20, 0, 168)).toBe(158);
    expect(clampCentre(80, 20, 0, 168)).toBe(80);
    expect(clampCentre(3, 200, 0, 168)).toBe(84);
  });
});

describe('homography from four corners', () => {
  it('recovers a scale and shift exactly', () => {
    const dst: Quad = [
      { x: 10, y: 20 },
      { x: 110, y: 20 },
      { x: 110, y: 220 },
      { x: 10, y: 220 },
    ];
    const h = homographyFromQuads(unit, dst);
    [100, 0, 10, 0, 200, 20, 0, 0, 1].forEach((v, i) => expect(h[i]).toBeCloseTo(v, 9));
    close(applyHomography(h, { x: 0.5, y: 0.5 }), { x: 60, y: 120 });
  });

  it('recovers a known perspective from its four corner images, and maps other points the same way', () => {
    const known: Homography = [1.2, 0.15, 40, -0.05, 0.9, 25, 0.0004, -0.0003, 1];
    const src: Quad = [
      { x: 0, y: 0 },
      { x: 210, y: 0 },
      { x: 210, y: 297 },
      { x: 0, y: 297 },
    ];
    const dst = src.map((p) => applyHomography(known, p)) as unknown as Quad;
    const h = homographyFromQuads(src, dst);
    known.forEach((v, i) => expect(h[i]).toBeCloseTo(v, 9));
    for (const p of [
      { x: 105, y: 148.5 },
      { x: 1000, y: -400 },
      { x: -250, y: 600 },
    ]) {
      close(applyHomography(h, p), applyHomography(known, p), 1e-6);
    }
    // The inverse takes the marked pixels back to the sheet.
    const back = invertHomography(h);
    dst.forEach((p, i) => close(applyHomography(back, p), src[i]!, 1e-6));
    close(applyHomography(multiplyHomography(back, h), { x: 33, y: 77 }), { x: 33, y: 77 }, 1e-6);
  });

  it('refuses corners that cannot be a rectangle seen in perspective', () => {
    const folded: Quad = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    const line: Quad = [
      { x: 0, y: 0 },
      { x: 5, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    expect(() => homographyFromQuads(unit, folded)).toThrow(RangeError);
    expect(() => homographyFromQuads(unit, line)).toThrow(RangeError);
    expect(() => homographyFromQuads(unit, [unit[0], unit[1], unit[2], { x: Number.NaN, y: 1 }])).toThrow(RangeError);
  });

  it('writes a CSS matrix3d that maps like the homography', () => {
    const h: Homography = [2, 0.1, 30, 0.2, 3, 40, 0.001, 0.002, 1];
    const css = cssMatrix3d(h);
    const v = css.slice('matrix3d('.length, -1).split(',').map(Number);
    expect(v).toHaveLength(16);
    // Column-major 4 × 4 applied to (x, y, 0, 1).
    const [x, y] = [7, 11];
    const X = v[0]! * x + v[4]! * y + v[12]!;
    const Y = v[1]! * x + v[5]! * y + v[13]!;
    const W = v[3]! * x + v[7]! * y + v[15]!;
    close({ x: X / W, y: Y / W }, applyHomography(h, { x, y }), 1e-6);
  });
});

describe('the framed piece on a photo of the wall', () => {
  it('has the published reference sizes', () => {
    expect(REFERENCE_OBJECTS.a4).toMatchObject({ shortMm: 210, longMm: 297 });
    expect(REFERENCE_OBJECTS.note500).toMatchObject({ shortMm: 66, longMm: 150 });
    expect(REFERENCE_OBJECTS.door).toMatchObject({ shortMm: 900, longMm: 2100 });
  });

  it('turns the reference the way it was marked', () => {
    const portrait: Quad = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 141 },
      { x: 0, y: 141 },
    ];
    const landscape: Quad = [
      { x: 0, y: 0 },
      { x: 141, y: 0 },
      { x: 141, y: 100 },
      { x: 0, y: 100 },
    ];
    expect(referenceRectMm(REFERENCE_OBJECTS.a4, portrait)[2]).toEqual({ x: 210, y: 297 });
    expect(referenceRectMm(REFERENCE_OBJECTS.a4, landscape)[2]).toEqual({ x: 297, y: 210 });
  });

  it('places a 19 × 15 in frame at true size beside an A4 sheet photographed square-on', () => {
    // A4 photographed at 2 px per mm, its top-left at (400, 300).
    const marked: Quad = [
      { x: 400, y: 300 },
      { x: 820, y: 300 },
      { x: 820, y: 894 },
      { x: 400, y: 894 },
    ];
    const wall = wallToPhoto(REFERENCE_OBJECTS.a4, marked);
    const placed = placeOnWall(wall, { widthIn: 19, heightIn: 15 }, { x: 105, y: 148.5 });
    const [tl, tr, br, bl] = placed.corners;
    expect(tr.x - tl.x).toBeCloseTo(19 * 25.4 * 2, 6);
    expect(bl.y - tl.y).toBeCloseTo(15 * 25.4 * 2, 6);
    // Centred on the sheet's centre (610, 597).
    close({ x: (tl.x + br.x) / 2, y: (tl.y + br.y) / 2 }, { x: 610, y: 597 }, 1e-6);
  });

  it('keeps the frame on the wall plane when the photo is taken at an angle', () => {
    // The wall seen in perspective: the known mapping stands in for the camera.
    const camera: Homography = [1.6, 0.1, 300, 0.05, 1.7, 200, 0.0006, 0.0001, 1];
    const sheet = referenceRectMm(REFERENCE_OBJECTS.a4, [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 2 },
      { x: 0, y: 2 },
    ]);
    const marked = sheet.map((p) => applyHomography(camera, p)) as unknown as Quad;
    const placed = placeOnWall(wallToPhoto(REFERENCE_OBJECTS.a4, marked), { widthIn: 10, heightIn: 10 }, { x: 500, y: 100 });
    // Its corners are where the camera puts the 254 mm square centred at (500, 100) on the wall.
    const expected = [
      { x: 373, y: -27 },
      { x: 627, y: -27 },
      { x: 627, y: 227 },
      { x: 373, y: 227 },
    ].map((p) => applyHomography(camera, p));
    placed.corners.forEach((c, i) => close(c, expected[i]!, 1e-5));
    expect(placed.widthMm).toBeCloseTo(254, 9);
  });
});

describe('finding a bright sheet on a wall', () => {
  /** A wall of grey level 180 with a polygon of 250 drawn in it (point-in-polygon per pixel centre). */
  function wallWith(width: number, height: number, poly: { x: number; y: number }[] | null): Uint8Array {
    const img = new Uint8Array(width * height).fill(180);
    if (!poly) return img;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        let inside = false;
        for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
          const a = poly[i]!;
          const b = poly[j]!;
          if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) inside = !inside;
        }
        if (inside) img[y * width + x] = 250;
      }
    }
    return img;
  }

  it('finds an upright sheet’s corners to within a pixel or two', () => {
    const sheet = [
      { x: 60, y: 30 },
      { x: 102, y: 30 },
      { x: 102, y: 89.4 },
      { x: 60, y: 89.4 },
    ];
    const q = findBrightQuad(wallWith(200, 150, sheet), 200, 150)!;
    expect(q).not.toBeNull();
    q.forEach((c, i) => {
      expect(Math.abs(c.x - sheet[i]!.x)).toBeLessThan(2);
      expect(Math.abs(c.y - sheet[i]!.y)).toBeLessThan(2);
    });
  });

  it('finds a sheet seen at an angle', () => {
    const sheet = [
      { x: 70, y: 38 },
      { x: 120, y: 42 },
      { x: 118, y: 110 },
      { x: 69, y: 113 },
    ];
    const q = findBrightQuad(wallWith(200, 150, sheet), 200, 150)!;
    q.forEach((c, i) => {
      expect(Math.hypot(c.x - sheet[i]!.x, c.y - sheet[i]!.y)).toBeLessThan(2.5);
    });
  });

  it('finds nothing on a plain wall, in a thin line, or when the bright part is most of the picture', () => {
    expect(findBrightQuad(wallWith(200, 150, null), 200, 150)).toBeNull();
    const line = [
      { x: 10, y: 70 },
      { x: 190, y: 70 },
      { x: 190, y: 71 },
      { x: 10, y: 71 },
    ];
    expect(findBrightQuad(wallWith(200, 150, line), 200, 150)).toBeNull();
    const most = [
      { x: 2, y: 2 },
      { x: 198, y: 2 },
      { x: 198, y: 148 },
      { x: 2, y: 148 },
    ];
    expect(findBrightQuad(wallWith(200, 150, most), 200, 150)).toBeNull();
  });
});
