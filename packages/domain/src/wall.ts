/**
 * The framed piece on a wall: true scale in a drawn room, and in perspective on a photo of the customer's wall.
 *
 * A room scene is drawn in inches (its known things, such as a 7 ft sofa or an 8 ft ceiling, at their real size), so
 * one scale — drawn pixels per inch — turns the framed piece's outer size into pixels. On a photo, the customer marks
 * the four corners of something of known size (an A4 sheet, a ₹500 note, a door); the homography from that
 * rectangle (in millimetres on the wall) to the marked pixels places the framed piece on the same wall plane.
 */
import { framedOuterSize, type FramedInput } from './geometry';

export const MM_PER_INCH = 25.4;

export interface Point {
  x: number;
  y: number;
}

/** Corners in the order top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point, Point, Point, Point];

/** A 3 × 3 projective matrix, row-major, normalised so that the last entry is 1. */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

export type ReferenceId = 'a4' | 'note500' | 'door';

export interface ReferenceObject {
  id: ReferenceId;
  label: string;
  /** The short side and the long side, in millimetres. */
  shortMm: number;
  longMm: number;
}

/**
 * Things of known size a customer can put on (or find in) their wall. A4 is ISO 216; the ₹500 note is the Reserve
 * Bank's 66 × 150 mm; the door is the common Indian flush-door leaf of 900 × 2100 mm (about 3 × 7 ft).
 */
export const REFERENCE_OBJECTS: Readonly<Record<ReferenceId, ReferenceObject>> = Object.freeze({
  a4: { id: 'a4', label: 'A4 sheet (210 × 297 mm)', shortMm: 210, longMm: 297 },
  note500: { id: 'note500', label: '₹500 note (66 × 150 mm)', shortMm: 66, longMm: 150 },
  door: { id: 'door', label: 'Door (900 × 2100 mm)', shortMm: 900, longMm: 2100 },
});

function finitePositive(name: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) throw new RangeError(`${name} must be a positive number, got ${String(x)}`);
  return x;
}

/** Drawn pixels per inch, from a thing of known length (inches) and its drawn length (pixels). */
export function pixelsPerInch(knownIn: number, drawnPx: number): number {
  return finitePositive('Drawn length', drawnPx) / finitePositive('Known length', knownIn);
}

export interface TrueScaleFrame {
  /** The framed piece's outer size in inches (from the framing rules). */
  widthIn: number;
  heightIn: number;
  /** The same, drawn: pixels at the scene's scale. */
  widthPx: number;
  heightPx: number;
  mouldingPx: number;
  borderPx: number;
}

/** The framed piece's outer size (photo + 2 × border + 2 × moulding) at a scene's scale in pixels per inch. */
export function trueScaleFrame(input: FramedInput, pxPerInch: number): TrueScaleFrame {
  const scale = finitePositive('Scale', pxPerInch);
  const outer = framedOuterSize(input);
  return {
    widthIn: outer.widthIn,
    heightIn: outer.heightIn,
    widthPx: outer.widthIn * scale,
    heightPx: outer.heightIn * scale,
    mouldingPx: input.mouldingIn * scale,
    borderPx: input.borderIn * scale,
  };
}

/** Keeps a drawn thing of size `size` inside [min, max] along one axis (centred when it is larger than the room). */
export function clampCentre(centre: number, size: number, min: number, max: number): number {
  if (size >= max - min) return (min + max) / 2;
  return Math.min(max - size / 2, Math.max(min + size / 2, centre));
}

// ── Homography ──

function validPoint(p: Point, what: string): Point {
  if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`${what} must have finite x and y`);
  return p;
}

/** Solves A·x = b (n × n) by Gaussian elimination with partial pivoting; null when A is singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const rowC = m[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r]!;
      const f = row[col]! / rowC[col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) row[c] = row[c]! - f * rowC[c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Twice the signed area of a quad; zero or a change of sign between corners means it is folded or flat. */
function isConvex(q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const c = q[(i + 2) % 4]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (Math.abs(cross) < 1e-9) return false;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/**
 * The homography H with H·src[i] ∝ dst[i] for the four corner pairs (the direct linear transform with h33 = 1).
 * Both quads must be convex (no three corners on a line, not folded); otherwise RangeError.
 */
export function homographyFromQuads(src: Quad, dst: Quad): Homography {
  if (src.length !== 4 || dst.length !== 4) throw new RangeError('A homography needs exactly four corner pairs');
  src.forEach((p, i) => validPoint(p, `Source corner ${i + 1}`));
  dst.forEach((p, i) => validPoint(p, `Marked corner ${i + 1}`));
  if (!isConvex(src) || !isConvex(dst)) throw new RangeError('The four corners must form a convex shape, in order around it');
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = src[i]!;
    const { x: u, y: v } = dst[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  if (!h) throw new RangeError('The four corners do not define a perspective');
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

/** H·p, divided through. */
export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** A·B (apply B first). */
export function multiplyHomography(a: Homography, b: Homography): Homography {
  const out: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) out.push(a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!);
  const k = out[8]!;
  return out.map((v) => v / k) as unknown as Homography;
}

/** The inverse mapping (pixels back to the wall). */
export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, hh, i] = h;
  const det = a * (e * i - f * hh) - b * (d * i - f * g) + c * (d * hh - e * g);
  if (Math.abs(det) < 1e-15) throw new RangeError('This perspective cannot be inverted');
  const inv = [
    e * i - f * hh,
    c * hh - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * hh - e * g,
    b * g - a * hh,
    a * e - b * d,
  ];
  const k = inv[8]!;
  return inv.map((v) => v / k) as unknown as Homography;
}

export const translation = (dx: number, dy: number): Homography => [1, 0, dx, 0, 1, dy, 0, 0, 1];
export const scaling = (sx: number, sy = sx): Homography => [sx, 0, 0, 0, sy, 0, 0, 0, 1];

/** A CSS `matrix3d(…)` that draws an element (transform-origin 0 0) through H. */
export function cssMatrix3d(h: Homography): string {
  const v = [h[0], h[3], 0, h[6], h[1], h[4], 0, h[7], 0, 0, 1, 0, h[2], h[5], 0, h[8]];
  return `matrix3d(${v.map((x) => (Object.is(x, -0) ? 0 : Number(x.toPrecision(10)))).join(',')})`;
}

const dist = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/**
 * The reference's rectangle on the wall in millimetres, top-left at (0, 0), turned the way it was marked: the pair of
 * marked sides that is longer on average is the long side (a sheet may hang portrait or landscape).
 */
export function referenceRectMm(ref: ReferenceObject, marked: Quad): Quad {
  const across = (dist(marked[0], marked[1]) + dist(marked[3], marked[2])) / 2;
  const down = (dist(marked[0], marked[3]) + dist(marked[1], marked[2])) / 2;
  const [w, h] = across >= down ? [ref.longMm, ref.shortMm] : [ref.shortMm, ref.longMm];
  return [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
}

/** Wall millimetres → photo pixels, from the four marked corners of a reference. */
export function wallToPhoto(ref: ReferenceObject, marked: Quad): Homography {
  return homographyFromQuads(referenceRectMm(ref, marked), marked);
}

export interface WallPlacement {
  /** Frame-local millimetres (0..width, 0..height) → photo pixels. */
  homography: Homography;
  /** The framed piece's corners in photo pixels (top-left, top-right, bottom-right, bottom-left). */
  corners: Quad;
  widthMm: number;
  heightMm: number;
}

/** The framed piece (outer size in inches) centred at `centreMm` on the wall plane, mapped into the photo. */
export function placeOnWall(wall: Homography, outer: { widthIn: number; heightIn: number }, centreMm: Point): WallPlacement {
  const widthMm = finitePositive('Width', outer.widthIn) * MM_PER_INCH;
  const heightMm = finitePositive('Height', outer.heightIn) * MM_PER_INCH;
  validPoint(centreMm, 'Centre');
  const homography = multiplyHomography(wall, translation(centreMm.x - widthMm / 2, centreMm.y - heightMm / 2));
  const corners = [
    { x: 0, y: 0 },
    { x: widthMm, y: 0 },
    { x: widthMm, y: heightMm },
    { x: 0, y: heightMm },
  ].map((p) => applyHomography(homography, p)) as unknown as Quad;
  return { homography, corners, widthMm, heightMm };
}

// ── Finding a sheet on the wall ──

/**
 * The corners of the largest bright, solid four-sided patch in a greyscale image (a white sheet or a note on a wall),
 * or null when there is none that is plausible. Bright means above halfway between the image's mean and its
 * brightest value; the corners are the patch's extreme points along the two diagonals (top-left has the smallest
 * x + y, and so on), so it works for a sheet photographed roughly upright, at an angle or not.
 */
export function findBrightQuad(grey: ArrayLike<number>, width: number, height: number): Quad | null {
  const n = width * height;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 8 || height < 8 || grey.length < n) return null;
  let sum = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const v = grey[i]!;
    sum += v;
    if (v > max) max = v;
  }
  const mean = sum / n;
  const threshold = Math.max(140, mean + 0.5 * (max - mean));
  if (max - mean < 25) return null;
  const label = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let best: { count: number; tl: number; tr: number; br: number; bl: number } | null = null;
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1 || grey[start]! < threshold) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = start;
    const c = { count: 0, tl: start, tr: start, br: start, bl: start };
    const score = (i: number) => ({ x: i % width, y: Math.floor(i / width) });
    let tlS = Infinity;
    let brS = -Infinity;
    let trS = -Infinity;
    let blS = -Infinity;
    while (head < tail) {
      const i = queue[head++]!;
      c.count++;
      const { x, y } = score(i);
      if (x + y < tlS) [tlS, c.tl] = [x + y, i];
      if (x + y > brS) [brS, c.br] = [x + y, i];
      if (x - y > trS) [trS, c.tr] = [x - y, i];
      if (y - x > blS) [blS, c.bl] = [y - x, i];
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1];
      for (const j of next) {
        if (j >= 0 && label[j] === -1 && grey[j]! >= threshold) {
          label[j] = start;
          queue[tail++] = j;
        }
      }
    }
    if (!best || c.count > best.count) best = c;
  }
  if (!best || best.count < n * 0.002 || best.count > n * 0.6) return null;
  const at = (i: number): Point => ({ x: (i % width) + 0.5, y: Math.floor(i / width) + 0.5 });
  const quad: Quad = [at(best.tl), at(best.tr), at(best.br), at(best.bl)];
  if (!isConvex(quad)) return null;
  // Solid: the patch fills most of the quad its corners make (not a ring, a line or a blob).
  let area = 0;
  for (let i = 0; i < 4; i++) area += quad[i]!.x * quad[(i + 1) % 4]!.y - quad[(i + 1) % 4]!.x * quad[i]!.y;
  area = Math.abs(area) / 2;
  return best.count >= 0.8 * area && best.count <= 1.25 * area + 4 * Math.sqrt(area) ? quad : null;
}
