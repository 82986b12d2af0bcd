import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { autoEnhance, enhanceSettings, unsharpMask } from './pixels';

const flatHistogram = new Array<number>(256).fill(1);

describe('the auto-enhance unsharp mask', () => {
  it('keeps flat areas as they are: its weights sum to its scale', () => {
    for (const amount of [0.1, 0.35, 0.5]) {
      const mask = unsharpMask(amount);
      expect(mask.kernel.reduce((sum, w) => sum + w, 0)).toBe(mask.scale);
      expect(mask.kernel.every(Number.isInteger)).toBe(true);
    }
  });

  it('is off at strength 0 and grows with the strength', () => {
    expect(enhanceSettings(0, [128, 128, 128], flatHistogram).sharpen).toBeNull();
    const centre = (strength: number) => enhanceSettings(strength, [128, 128, 128], flatHistogram).sharpen!.kernel[4]!;
    expect(centre(100)).toBeGreaterThan(centre(40));
  });

  it('steepens an edge without moving the flat sides far', async () => {
    // Grey 100 on the left, 160 on the right, the edge softened over a few pixels.
    const width = 64;
    const height = 16;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = Math.round(100 + 60 * Math.min(1, Math.max(0, (x - 30) / 4)));
        data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const raw = { width, height, channels: 3 as const };
    const out = await (await autoEnhance(() => sharp(data, { raw }), 100)).raw().toBuffer();
    const before = (x: number) => data[(8 * width + x) * 3]!;
    const after = (x: number) => out[(8 * width + x) * 3]!;
    // The step across the edge is larger after (contrast and the mask), and the ends stay ordered.
    expect(after(34) - after(30)).toBeGreaterThan(before(34) - before(30));
    expect(after(5)).toBeLessThan(after(60));
    // The mask's mark: just past the edge the light side overshoots its own flat level, and the dark side undershoots.
    expect(after(34)).toBeGreaterThan(after(60));
    expect(after(30)).toBeLessThan(after(5));
  });
});
