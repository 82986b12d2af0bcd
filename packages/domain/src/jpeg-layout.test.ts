import { describe, expect, it } from 'vitest';
import { JpegEndFinder, readJpegLayout, type JpegEnd, type JpegLayout } from './image-header';
import { checkDecodeMemory, jpegBufferedBytes, MAX_DECODE_BUFFER_BYTES, PROGRESSIVE_TOO_LARGE_MESSAGE } from './upload-rules';

// JPEG structures written by hand, as a decoder reads them: what decoding them would hold, and where the image ends.

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const segment = (marker: number, payload: number[]) => [0xff, marker, ...be16(payload.length + 2), ...payload];
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];

/** A frame header: 8-bit, its size and components given as [h, v] sampling factors. */
function sof(marker: number, width: number, height: number, sampling: [number, number][]): number[] {
  return segment(marker, [
    8,
    ...be16(height),
    ...be16(width),
    sampling.length,
    ...sampling.flatMap(([h, v], i) => [i + 1, (h << 4) | v, 0]),
  ]);
}

/** A scan header over the first `count` components. */
const sos = (count: number) => segment(0xda, [count, ...Array.from({ length: count }, (_, i) => [i + 1, 0]).flat(), 0, 63, 0]);
const dqt = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
const dht = segment(0xc4, [0, ...new Array<number>(16).fill(0)]);

const YCC_420: [number, number][] = [
  [2, 2],
  [1, 1],
  [1, 1],
];
const YCC_444: [number, number][] = [
  [1, 1],
  [1, 1],
  [1, 1],
];

/** Entropy-coded bytes as an encoder writes them: every 0xFF stuffed with 0x00, restart markers between intervals. */
const entropy = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0x00, 0xff, 0xd1, 0x78];

function layoutOf(bytes: Uint8Array): JpegLayout {
  const result = readJpegLayout(bytes);
  if (!result.ok) throw new Error(`no layout: ${JSON.stringify(result)}`);
  return result.layout;
}

describe('readJpegLayout: the frame and first scan, without decoding', () => {
  it('reads a baseline 4:2:0 JPEG whose first scan carries every component: nothing is held beyond its rows', () => {
    const layout = layoutOf(concat(SOI, segment(0xe0, [1, 2, 3]), dqt, sof(0xc0, 8000, 6000, YCC_420), dht, sos(3), entropy, EOI));
    expect(layout).toMatchObject({ width: 8000, height: 6000, frameMarker: 0xc0, progressive: false, firstScanComponents: 3 });
    expect(layout.components).toEqual([
      { id: 1, h: 2, v: 2 },
      { id: 2, h: 1, v: 1 },
      { id: 3, h: 1, v: 1 },
    ]);
    expect(jpegBufferedBytes(layout)).toBe(0);
  });

  it('a progressive JPEG (SOF2) holds every coefficient: the probe’s 31000 × 31000 is 5.8 GB in 4:4:4 and 2.9 GB in 4:2:0', () => {
    const p444 = layoutOf(concat(SOI, sof(0xc2, 31000, 31000, YCC_444), sos(3)));
    expect(p444.progressive).toBe(true);
    expect(jpegBufferedBytes(p444)).toBe(3875 * 3875 * 128 * 3);
    const p420 = layoutOf(concat(SOI, sof(0xc2, 31000, 31000, YCC_420), sos(3)));
    // Luma in blocks rounded up to its sampling factor (3875 → 3876), chroma at half size (1938).
    expect(jpegBufferedBytes(p420)).toBe(3876 * 3876 * 128 + 2 * 1938 * 1938 * 128);
    expect(checkDecodeMemory(p444)).toEqual({
      ok: false,
      code: 'IMAGE_PROGRESSIVE_TOO_LARGE',
      message: PROGRESSIVE_TOO_LARGE_MESSAGE,
      bufferedBytes: 5_766_000_000,
    });
  });

  it('a sequential JPEG whose components come in separate scans holds them too', () => {
    const separate = layoutOf(concat(SOI, sof(0xc0, 6000, 6000, YCC_444), dht, sos(1)));
    expect(separate).toMatchObject({ progressive: false, firstScanComponents: 1 });
    expect(jpegBufferedBytes(separate)).toBe(750 * 750 * 128 * 3);
    // Greyscale has one component: its one scan carries it all.
    expect(jpegBufferedBytes(layoutOf(concat(SOI, sof(0xc0, 6000, 6000, [[1, 1]]), sos(1))))).toBe(0);
  });

  it('admits a progressive 64 MP 4:2:0 photo and refuses a 36 MP 4:4:4 one, by the 200 MB rule', () => {
    const allowed = layoutOf(concat(SOI, sof(0xc2, 8000, 8000, YCC_420), sos(3)));
    expect(jpegBufferedBytes(allowed)).toBe(192_000_000);
    expect(checkDecodeMemory(allowed)).toEqual({ ok: true, bufferedBytes: 192_000_000 });
    const refused = layoutOf(concat(SOI, sof(0xc2, 6000, 6000, YCC_444), sos(3)));
    expect(jpegBufferedBytes(refused)).toBeGreaterThan(MAX_DECODE_BUFFER_BYTES);
    expect(checkDecodeMemory(refused).ok).toBe(false);
  });

  it('names the bytes it needs next when the first scan lies past what it was given', () => {
    const whole = concat(SOI, segment(0xe1, new Array<number>(5000).fill(7)), sof(0xc2, 2000, 1000, YCC_420), dht, sos(3));
    const cut = readJpegLayout(whole.subarray(0, 5010));
    expect(cut).toMatchObject({ ok: false, reason: 'need-more' });
    if (cut.ok || cut.reason !== 'need-more') throw new Error('unreachable');
    const more = readJpegLayout([
      { offset: 0, bytes: whole.subarray(0, 5010) },
      { offset: cut.offset, bytes: whole.subarray(cut.offset) },
    ]);
    expect(more).toMatchObject({ ok: true, layout: { width: 2000, height: 1000, progressive: true } });
  });

  it('calls a scan before its frame, a second frame, or the end before any scan corrupt', () => {
    expect(readJpegLayout(concat(SOI, sos(3)))).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(readJpegLayout(concat(SOI, sof(0xc0, 800, 800, YCC_420), sof(0xc2, 800, 800, YCC_420), sos(3)))).toMatchObject({
      ok: false,
      reason: 'corrupt',
    });
    expect(readJpegLayout(concat(SOI, sof(0xc0, 800, 800, YCC_420), EOI))).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(readJpegLayout(concat(SOI, sof(0xc0, 800, 800, YCC_420), sos(4)))).toMatchObject({ ok: false, reason: 'corrupt' });
  });
});

/** Feeds the bytes in pieces of `step` and answers the finder's verdict. */
function endOf(bytes: Uint8Array, step = bytes.length): JpegEnd {
  const finder = new JpegEndFinder();
  for (let at = 0; at < bytes.length; at += step) {
    const verdict = finder.push(bytes.subarray(at, at + step));
    if (verdict) return verdict;
  }
  return finder.finish();
}

describe('JpegEndFinder: where the image ends', () => {
  const head = concat(SOI, segment(0xe0, [0xff, 0xd9, 0xff]), dqt, sof(0xc0, 800, 600, YCC_420), dht, sos(3));
  const image = concat(head, entropy, EOI);

  it('ends after the end-of-image marker, past stuffed bytes and restart markers, whatever the pieces', () => {
    for (const step of [1, 2, 7, image.length]) expect(endOf(image, step)).toEqual({ kind: 'end', end: image.length });
  });

  it('reads a progressive image’s scans and the tables between them', () => {
    const progressive = concat(SOI, sof(0xc2, 800, 600, YCC_420), dht, sos(3), entropy, dht, sos(1), entropy, sos(1), entropy, EOI);
    expect(endOf(progressive, 3)).toEqual({ kind: 'end', end: progressive.length });
  });

  it('stops at the first image’s end: what follows (a camera’s trailer, a second picture, random bytes) is not the image', () => {
    const trailer = concat(image, SOI, sof(0xc0, 100, 100, YCC_420), sos(3), entropy, EOI, [1, 2, 3]);
    expect(endOf(trailer, 5)).toEqual({ kind: 'end', end: image.length });
  });

  it('calls bytes appended in place of the end marker broken: a marker no decoder accepts after the scan', () => {
    const appended = concat(head, entropy, [0x55, 0xff, 0x13, 0x99, 0xff, 0xd9]);
    expect(endOf(appended, 4)).toEqual({
      kind: 'broken',
      at: head.length + entropy.length + 2,
      detail: 'marker 0x13 cannot stand in a JPEG here',
    });
    const secondImage = concat(head, entropy, SOI, sof(0xc0, 100, 100, YCC_420));
    expect(endOf(secondImage).kind).toBe('broken');
    const secondFrame = concat(head, entropy, sof(0xc0, 100, 100, YCC_420), sos(3), entropy, EOI);
    expect(endOf(secondFrame)).toMatchObject({ kind: 'broken', detail: 'a second frame follows the image' });
  });

  it('calls a file that stops before its end marker unfinished, and one that is no JPEG broken', () => {
    expect(endOf(concat(head, entropy))).toEqual({ kind: 'unfinished' });
    expect(endOf(concat([0x89, 0x50, 0x4e, 0x47]))).toMatchObject({ kind: 'broken', at: 0 });
    expect(endOf(concat(SOI, sof(0xc0, 800, 600, YCC_420), EOI))).toMatchObject({
      kind: 'broken',
      detail: 'the JPEG ends before its first scan',
    });
  });
});
