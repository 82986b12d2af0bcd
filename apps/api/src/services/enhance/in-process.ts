import { makeEnhanced } from './pixels';
import type { Enhancer } from './run';
import type { Upscaler } from './upscale';

/**
 * Enhances in this process with `upscale` instead of the AI model, for tests: there the model (seconds of CPU a tile)
 * would only repeat what its own test and benchmark prove, while the rest of the pipeline is the shop's. Kept apart
 * from run.ts so the server never loads the pixel code (it sets libvips' cache for the child process only).
 */
export function enhanceInProcess(upscale: Upscaler): Enhancer {
  return async (spec, onProgress) => {
    const started = performance.now();
    const result = await makeEnhanced(spec, onProgress, upscale);
    return { result, seconds: (performance.now() - started) / 1000, peakRssMB: null };
  };
}
