/**
 * AI upscaling ×2 with the ESRGAN "slim" model that ships inside the `@upscalerjs/esrgan-slim` npm package, run by
 * TensorFlow.js on its WebAssembly backend: offline (the model and the .wasm files are read from node_modules), no
 * native build, no download at run time.
 *
 * Tiled: the photo goes through the model in TILE × TILE pieces with PAD pixels of context on each side, and only each
 * tile's middle is kept, so the seams do not show and memory stays bounded (the input, the output and one tile's
 * tensors), whatever the photo's size. docs/decisions/059-ai-upscaling-in-a-child-process.md says why this is not
 * the `upscaler` library itself.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);

/** The model's factor: the ×2 model (upscale.ts makes ×4 from it). */
export const MODEL_SCALE = 2;
/** Input pixels of one tile's middle, and the context read around it (the model sees TILE + 2 × PAD). */
export const TILE = 128;
export const PAD = 8;

export interface RgbImage {
  /** Packed RGB, 8 bits a channel, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
}

let tfReady: Promise<typeof TF> | undefined;
let model: Promise<TF.LayersModel> | undefined;

/** The package's folder (its `exports` do not include package.json, so walk up from its entry). */
function packageDir(name: string): string {
  const entry = require.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot find the folder of ${name} from ${entry}`);
  return entry.slice(0, at + marker.length);
}

/** TensorFlow.js on the WebAssembly backend, its .wasm files read from the installed package. */
export function loadTf(): Promise<typeof TF> {
  tfReady ??= (async () => {
    const tf = require('@tensorflow/tfjs') as typeof TF;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm;
    wasm.setWasmPaths(path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep);
    if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start.');
    await tf.ready();
    return tf;
  })();
  return tfReady;
}

/** An IO handler that reads a layers model (model.json and its weight shards) from a folder on disk. */
function fileModel(dir: string): TF.io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(await fs.readFile(path.join(dir, 'model.json'), 'utf8')) as {
        modelTopology: object;
        weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
      };
      const shards = await Promise.all(json.weightsManifest.flatMap((group) => group.paths.map((p) => fs.readFile(path.join(dir, p)))));
      const all = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? undefined,
      };
    },
  };
}

export function loadEsrgan(): Promise<TF.LayersModel> {
  model ??= loadTf().then((tf) =>
    tf.loadLayersModel(fileModel(path.join(packageDir('@upscalerjs/esrgan-slim'), 'models', `x${MODEL_SCALE}`))),
  );
  return model;
}

/**
 * Upscales an RGB image ×2 with the model, tile by tile; `onProgress` gets the share of tiles done (0–1) after each.
 * The model takes and gives pixel values 0–255.
 */
export async function upscaleRgb(image: RgbImage, onProgress: (done: number) => void = () => undefined): Promise<RgbImage> {
  const tf = await loadTf();
  const esrgan = await loadEsrgan();
  const scale = MODEL_SCALE;
  const { width, height, data } = image;
  const outWidth = width * scale;
  const outHeight = height * scale;
  const out = new Uint8Array(outWidth * outHeight * 3);
  const columns = Math.ceil(width / TILE);
  const rows = Math.ceil(height / TILE);
  const total = columns * rows;
  let done = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const x0 = column * TILE;
      const y0 = row * TILE;
      const x1 = Math.min(width, x0 + TILE);
      const y1 = Math.min(height, y0 + TILE);
      // The tile with its context, clamped to the image.
      const px0 = Math.max(0, x0 - PAD);
      const py0 = Math.max(0, y0 - PAD);
      const px1 = Math.min(width, x1 + PAD);
      const py1 = Math.min(height, y1 + PAD);
      const tw = px1 - px0;
      const th = py1 - py0;
      const input = new Float32Array(tw * th * 3);
      for (let y = 0; y < th; y++) {
        const from = ((py0 + y) * width + px0) * 3;
        for (let i = 0; i < tw * 3; i++) input[y * tw * 3 + i] = data[from + i]!;
      }
      const result = tf.tidy(() => {
        const x = tf.tensor4d(input, [1, th, tw, 3]);
        return (esrgan.predict(x) as TF.Tensor4D).clipByValue(0, 255).round();
      });
      const pixels = await result.data();
      result.dispose();
      // Keep the middle: the tile itself, without its context.
      const stride = tw * scale * 3;
      const left = (x0 - px0) * scale;
      const top = (y0 - py0) * scale;
      const keepWidth = (x1 - x0) * scale;
      for (let y = 0; y < (y1 - y0) * scale; y++) {
        const from = (top + y) * stride + left * 3;
        const to = ((y0 * scale + y) * outWidth + x0 * scale) * 3;
        for (let i = 0; i < keepWidth * 3; i++) out[to + i] = pixels[from + i]!;
      }
      done++;
      onProgress(done / total);
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}
