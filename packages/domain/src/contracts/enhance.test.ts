import { describe, expect, it } from 'vitest';
import { checkEnhance, expectedUpscaleMinutes, UPSCALE_INPUT_MP_PER_SECOND } from '../enhance';
import { enhanceBodySchema } from './enhance';

describe('enhanceBodySchema', () => {
  it('takes auto, upscale or both, and nothing else', () => {
    expect(enhanceBodySchema.safeParse({ auto: { strength: 70 } }).success).toBe(true);
    expect(enhanceBodySchema.safeParse({ upscale: 4 }).success).toBe(true);
    expect(enhanceBodySchema.safeParse({ auto: { strength: 0 }, upscale: 2 }).success).toBe(true);
    expect(enhanceBodySchema.safeParse({}).success).toBe(false);
    expect(enhanceBodySchema.safeParse({ upscale: 3 }).success).toBe(false);
    expect(enhanceBodySchema.safeParse({ auto: { strength: 101 } }).success).toBe(false);
    expect(enhanceBodySchema.safeParse({ auto: { strength: 50.5 } }).success).toBe(false);
    expect(enhanceBodySchema.safeParse({ auto: { strength: 50 }, extra: 1 }).success).toBe(false);
  });
});

describe('checkEnhance', () => {
  it('gives the result size', () => {
    expect(checkEnhance(1600, 1200, { upscale: 4 })).toEqual({ ok: true, width: 6400, height: 4800 });
    expect(checkEnhance(1600, 1200, { auto: { strength: 70 } })).toEqual({ ok: true, width: 1600, height: 1200 });
  });

  it('offers upscaling up to 4000 px on the long side', () => {
    expect(checkEnhance(4000, 2000, { upscale: 2 }).ok).toBe(true);
    expect(checkEnhance(4001, 2000, { upscale: 2 })).toMatchObject({ ok: false, code: 'IMAGE_DIMENSIONS' });
  });

  it('refuses a result too large to hold', () => {
    expect(checkEnhance(4000, 3000, { upscale: 4 })).toMatchObject({ ok: false, message: expect.stringContaining('16000 × 12000') });
    expect(checkEnhance(4000, 3000, { upscale: 2 }).ok).toBe(true);
    expect(checkEnhance(12000, 9000, { auto: { strength: 50 } }).ok).toBe(false);
  });
});

describe('expectedUpscaleMinutes', () => {
  it('follows the crop’s size at the measured speed, in whole minutes rounded up', () => {
    // A messaging app's 1600 × 1200 copy: 1.92 MP at 0.018 MP a second, 107 s.
    expect(expectedUpscaleMinutes(1600, 1200)).toBe(2);
    expect(expectedUpscaleMinutes(1200, 800)).toBe(1);
    expect(expectedUpscaleMinutes(300, 200)).toBe(1);
    // The largest photo sharpening takes, 4000 × 3000: 12 MP, 667 s.
    expect(expectedUpscaleMinutes(4000, 3000)).toBe(12);
    expect(UPSCALE_INPUT_MP_PER_SECOND).toBeGreaterThan(0);
  });
});
