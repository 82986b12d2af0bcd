/**
 * Frame and photo images decoded ahead of drawing. The preview asks `decodedSize(url)` synchronously: a hit means the
 * image can be painted in this frame (no loader); a miss starts `decodeImage(url)` and the preview shows its loader
 * only until that resolves. Decoded images are kept referenced so the browser keeps their bitmaps.
 */
export type ImageSize = { width: number; height: number };

const decoded = new Map<string, ImageSize>();
const pending = new Map<string, Promise<ImageSize>>();
const failed = new Set<string>();
const keep = new Map<string, HTMLImageElement>();

export function decodedSize(url: string): ImageSize | undefined {
  return decoded.get(url);
}

export function hasFailed(url: string): boolean {
  return failed.has(url);
}

/** Loads and decodes an image once; later calls share the result. Rejects when it cannot be loaded. */
export function decodeImage(url: string): Promise<ImageSize> {
  const done = decoded.get(url);
  if (done) return Promise.resolve(done);
  const inFlight = pending.get(url);
  if (inFlight) return inFlight;
  failed.delete(url);
  const img = new Image();
  img.decoding = 'async';
  const loaded = new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(`Could not load ${url}`));
  });
  img.src = url;
  const promise = loaded
    .then(() => (typeof img.decode === 'function' ? img.decode().catch(() => undefined) : undefined))
    .then(() => {
      const size = { width: img.naturalWidth, height: img.naturalHeight };
      decoded.set(url, size);
      keep.set(url, img);
      return size;
    })
    .catch((error: unknown) => {
      failed.add(url);
      throw error;
    })
    .finally(() => pending.delete(url));
  pending.set(url, promise);
  return promise;
}

/** Decodes several images; resolves when all are done (or any failed). */
export function decodeAll(urls: readonly string[]): Promise<ImageSize[]> {
  return Promise.all(urls.map(decodeImage));
}

/** Starts decoding in the background and ignores failures (they show when the image is actually needed). */
export function prefetchImages(urls: readonly string[]): void {
  for (const url of urls) if (!decoded.has(url)) decodeImage(url).catch(() => {});
}
