import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { upscalePhoto } from './upscale';

/** A small photo-like picture: a soft gradient with a sharp-edged square. */
function picture(width: number, height: number) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x > width / 4 && x < (3 * width) / 4 && y > height / 4 && y < (3 * height) / 4;
      const at = (y * width + x) * 3;
      data[at] = inside ? 220 : Math.round((255 * x) / width);
      data[at + 1] = inside ? 40 : Math.round((255 * y) / height);
      data[at + 2] = 90;
    }
  }
  return { data, width, height };
}

describe('upscalePhoto', () => {
  it.each([2, 4] as const)(
    'makes a picture ×%i its size that still looks like it',
    async (factor) => {
      const input = picture(40, 30);
      const open = await upscalePhoto(input, factor);
      const { data, info } = await open().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([40 * factor, 30 * factor, 3]);
      // Shrunk back, it is the input again, give or take the resampling.
      const back = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
        .resize(40, 30, { kernel: 'lanczos3' })
        .raw()
        .toBuffer();
      let error = 0;
      for (let i = 0; i < back.length; i++) error += Math.abs(back[i]! - input.data[i]!);
      expect(error / back.length).toBeLessThan(8);
      // The square's middle keeps its colour.
      const middle = (15 * factor * info.width + 20 * factor) * 3;
      expect(Math.abs(data[middle]! - 220)).toBeLessThan(12);
    },
    60_000,
  );
});
