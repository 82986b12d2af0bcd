/**
 * The enhancer's child process (the API tests run enhance jobs in their own process, with a plain resize for the AI
 * model): it reports its progress and its result.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enhanceInChild } from './run';
import type { EnhanceSpec } from './pixels';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-enhance-child-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

function spec(source: string, width: number, height: number): EnhanceSpec {
  return {
    source: { path: source, orientation: 1, storedWidth: width, storedHeight: height, region: { left: 0, top: 0, width, height } },
    strength: 70,
    upscale: null,
    outPath: path.join(dir, `out-${path.basename(source)}.jpg`),
  };
}

describe('enhanceInChild', { timeout: 60_000 }, () => {
  it('enhances in a child process, reporting its progress and the result', async () => {
    const source = path.join(dir, 'photo.jpg');
    await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 120, g: 110, b: 100 } } })
      .jpeg()
      .toFile(source);
    const progress: number[] = [];
    const made = await enhanceInChild(spec(source, 320, 200), { onProgress: (done) => progress.push(done) });
    expect(made.result.width).toBe(320);
    expect(made.result.height).toBe(200);
    expect(made.result.bytes).toBe((await fs.stat(path.join(dir, 'out-photo.jpg.jpg'))).size);
    expect(progress.at(-1)).toBe(1);
    expect((await sharp(path.join(dir, 'out-photo.jpg.jpg')).metadata()).format).toBe('jpeg');
  });
});
