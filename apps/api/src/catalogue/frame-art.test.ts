import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FRAME_ART_VERSION,
  FRAME_PARTS,
  PX_PER_INCH,
  faceThicknessPx,
  renderFinishImages,
  renderSetThumbnail,
  sideLengthPx,
  type FramePart,
} from './frame-art';
import { FRAME_SETS, type FinishSpec, type FrameSetSpec } from './frame-finishes';

interface Decoded {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(webp: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function decodeAll(images: Record<FramePart, Buffer>): Promise<Record<FramePart, Decoded>> {
  const out = {} as Record<FramePart, Decoded>;
  for (const part of FRAME_PARTS) out[part] = await decode(images[part]);
  return out;
}

/** RGB of the pixels of column x (or row y), as a flat array. */
function column(img: Decoded, x: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < img.height; y++) for (let c = 0; c < 3; c++) out.push(img.data[(y * img.width + x) * 3 + c]!);
  return out;
}
function row(img: Decoded, y: number): number[] {
  return Array.from(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3));
}

/** Mean absolute difference per channel value, skipping `skip` pixels at the mitre end (`fromEnd`) of the lines. */
function meanAbsDiff(a: number[], b: number[], skip = 0, fromEnd = true): number {
  expect(a.length).toBe(b.length);
  const n = a.length / 3;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (fromEnd ? i >= n - skip : i < skip) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a[i * 3 + c]! - b[i * 3 + c]!);
    count += 3;
  }
  return sum / count;
}

function luminanceStdDev(img: Decoded): number {
  let sum = 0;
  let sq = 0;
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) {
    const l = 0.2126 * img.data[i * 3]! + 0.7152 * img.data[i * 3 + 1]! + 0.0722 * img.data[i * 3 + 2]!;
    sum += l;
    sq += l * l;
  }
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sq / n - mean * mean));
}

/** One finish of each material in the set (the drawing differs by material). */
function samples(set: FrameSetSpec): FinishSpec[] {
  const seen = new Set<string>();
  return set.finishes.filter((f) => !seen.has(f.material) && seen.add(f.material));
}

/**
 * How different two neighbouring lines of a strip may be where images meet (a corner and a strip, or a strip's
 * last and first line): about as different as neighbouring lines inside the strip (`inside`), plus a little for
 * the lossy WebP coding at image edges.
 */
const seamTolerance = (inside: number): number => 2 * inside + 4;

/** Mean difference between neighbouring columns (rows) inside a horizontal (vertical) strip. */
function insideDiff(img: Decoded, vertical: boolean): number {
  const n = vertical ? img.height : img.width;
  let sum = 0;
  for (let k = 1; k <= 8; k++) {
    const i = Math.floor((n * k) / 10);
    sum += vertical ? meanAbsDiff(row(img, i), row(img, i + 1)) : meanAbsDiff(column(img, i), column(img, i + 1));
  }
  return sum / 8;
}

describe('FRAME_SETS', () => {
  it('has five sets by moulding width, priced per square inch and rising with width', () => {
    expect(FRAME_SETS.map((s) => s.mouldingIn)).toEqual([0.8, 1, 1.5, 2, 3]);
    const rates = FRAME_SETS.map((s) => s.ratePaisePerSqIn);
    for (const r of rates) expect(Number.isInteger(r) && r > 0).toBe(true);
    for (let i = 1; i < rates.length; i++) expect(rates[i]!).toBeGreaterThan(rates[i - 1]!);
    expect(new Set(FRAME_SETS.map((s) => s.slug)).size).toBe(5);
    expect(new Set(FRAME_SETS.map((s) => s.profile)).size).toBe(5);
  });

  it('gives every set at least four well-formed finishes', () => {
    for (const set of FRAME_SETS) {
      expect(set.name.length).toBeGreaterThan(0);
      expect(set.description.length).toBeGreaterThan(20);
      expect(set.finishes.length).toBeGreaterThanOrEqual(4);
      expect(new Set(set.finishes.map((f) => f.slug)).size).toBe(set.finishes.length);
      for (const f of set.finishes) {
        expect(f.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(['wood', 'metal', 'lacquer']).toContain(f.material);
        for (const hex of Object.values(f.colors)) expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
        expect(f.description.length).toBeGreaterThan(20);
      }
    }
  });
});

describe('frame art', () => {
  it('exports the drawing constants', () => {
    expect(FRAME_PARTS).toHaveLength(8);
    expect(new Set(FRAME_PARTS).size).toBe(8);
    expect(FRAME_ART_VERSION).toMatch(/^[a-z0-9.-]+$/i);
    expect(PX_PER_INCH).toBe(96);
  });

  describe.each(FRAME_SETS.map((set) => [set.slug, set] as const))('%s', (_slug, set) => {
    const T = Math.round(set.mouldingIn * PX_PER_INCH);
    const L = sideLengthPx(T);

    it.each(samples(set).map((f) => [f.slug, f] as const))(
      '%s: WebP parts of the right size that join up, tile and are not flat',
      async (_f, finish) => {
        expect(faceThicknessPx(set.mouldingIn)).toBe(T);
        expect(L).toBeGreaterThanOrEqual(512);
        expect(L).toBeGreaterThanOrEqual(8 * T);
        const images = await renderFinishImages(set, finish);
        expect(Object.keys(images).sort()).toEqual([...FRAME_PARTS].sort());
        for (const part of FRAME_PARTS) {
          const buf = images[part];
          expect(buf.subarray(0, 4).toString('latin1')).toBe('RIFF');
          expect(buf.subarray(8, 12).toString('latin1')).toBe('WEBP');
          expect((await sharp(buf).metadata()).format).toBe('webp');
        }
        const p = await decodeAll(images);

        // Sizes.
        for (const part of ['sideUp', 'sideDown'] as const) expect([p[part].width, p[part].height]).toEqual([L, T]);
        for (const part of ['sideLeft', 'sideRight'] as const) expect([p[part].width, p[part].height]).toEqual([T, L]);
        for (const part of ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const)
          expect([p[part].width, p[part].height]).toEqual([T, T]);

        // Each corner edge continues the strip next to it (the strips are tiled outwards from the top-left corner,
        // so the strip starts at column/row 0 after a corner and ends at L-1 before one). The mitre end is skipped.
        const seams: [string, number][] = [
          ['topLeft → sideUp', meanAbsDiff(column(p.topLeft, T - 1), column(p.sideUp, 0), 2)],
          ['topLeft → sideLeft', meanAbsDiff(row(p.topLeft, T - 1), row(p.sideLeft, 0), 2)],
          ['sideUp → topRight', meanAbsDiff(column(p.sideUp, L - 1), column(p.topRight, 0), 2)],
          ['topRight → sideRight', meanAbsDiff(row(p.topRight, T - 1), row(p.sideRight, 0), 2, false)],
          ['sideLeft → bottomLeft', meanAbsDiff(row(p.sideLeft, L - 1), row(p.bottomLeft, 0), 2)],
          ['bottomLeft → sideDown', meanAbsDiff(column(p.bottomLeft, T - 1), column(p.sideDown, 0), 2, false)],
          ['sideRight → bottomRight', meanAbsDiff(row(p.sideRight, L - 1), row(p.bottomRight, 0), 2, false)],
          ['sideDown → bottomRight', meanAbsDiff(column(p.sideDown, L - 1), column(p.bottomRight, 0), 2, false)],
        ];
        const tolerance = seamTolerance(Math.max(insideDiff(p.sideUp, false), insideDiff(p.sideLeft, true)));
        for (const [name, diff] of seams) expect(diff, name).toBeLessThan(tolerance);

        // The profile really is oriented: the top-left corner does not also match the bottom rail.
        const wrong = meanAbsDiff(column(p.topLeft, T - 1), column(p.sideDown, 0), 2);
        expect(wrong).toBeGreaterThan(seams[0]![1] * 2);

        // Strips tile: the last column (row) runs on into the first.
        for (const part of ['sideUp', 'sideDown'] as const) {
          expect(meanAbsDiff(column(p[part], L - 1), column(p[part], 0)), `${part} tiles`).toBeLessThan(
            seamTolerance(insideDiff(p[part], false)),
          );
        }
        for (const part of ['sideLeft', 'sideRight'] as const) {
          expect(meanAbsDiff(row(p[part], L - 1), row(p[part], 0)), `${part} tiles`).toBeLessThan(seamTolerance(insideDiff(p[part], true)));
        }

        // Shaded, not flat colour bars.
        for (const part of FRAME_PARTS) expect(luminanceStdDev(p[part]), part).toBeGreaterThan(4);
      },
    );
  });

  it('lights the bottom rail differently from a flipped top rail', async () => {
    const set = FRAME_SETS[1]!;
    const p = await decodeAll(
      await renderFinishImages(
        set,
        set.finishes.find((f) => f.slug === 'gallery-white')!,
      ),
    );
    const T = p.sideUp.height;
    // Mean brightness of each row, outer edge first: same profile, but the light still comes from the top-left.
    const rowMeans = (img: Decoded): number[] =>
      Array.from({ length: T }, (_, y) => row(img, y).reduce((a, b) => a + b, 0) / (img.width * 3));
    const up = rowMeans(p.sideUp);
    const down = rowMeans(p.sideDown).reverse();
    const maxDiff = Math.max(...up.map((v, i) => Math.abs(v - down[i]!)));
    expect(maxDiff).toBeGreaterThan(15);
  });

  it('is deterministic', async () => {
    const set = FRAME_SETS[4]!;
    const finish = set.finishes.find((f) => f.material === 'wood')!;
    const a = await renderFinishImages(set, finish);
    const b = await renderFinishImages(set, finish);
    for (const part of FRAME_PARTS) expect(a[part].equals(b[part]), part).toBe(true);
    const t1 = await renderSetThumbnail(set);
    const t2 = await renderSetThumbnail(set);
    expect(t1.equals(t2)).toBe(true);
  });

  it('draws a ~320×320 WebP thumbnail per set', async () => {
    for (const set of FRAME_SETS) {
      const thumb = await renderSetThumbnail(set, set.finishes[1]);
      const meta = await sharp(thumb).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([320, 320]);
      expect(luminanceStdDev(await decode(thumb))).toBeGreaterThan(10);
    }
  });
});
