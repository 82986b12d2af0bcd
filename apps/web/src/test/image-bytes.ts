/**
 * Test helpers: the first bytes of JPEG, TIFF and PNG files, written by hand (a header is all the browser check
 * reads). Used by the photo check and upload tests.
 */

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

function segment(marker: number, payload: number[]): number[] {
  return [0xff, marker, ...be16(payload.length + 2), ...payload];
}

/** SOI, JFIF APP0, optional Exif orientation and padding segments, SOF0, a scan, EOI. */
export function jpegBytes(width: number, height: number, opts: { orientation?: number; paddingBytes?: number } = {}): Uint8Array {
  const parts: number[] = [0xff, 0xd8, ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])];
  if (opts.orientation) {
    const tiff = [
      0x49,
      0x49,
      ...le16(42),
      ...le32(8),
      ...le16(1),
      ...le16(0x0112),
      ...le16(3),
      ...le32(1),
      ...le16(opts.orientation),
      0,
      0,
      ...le32(0),
    ];
    parts.push(...segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]));
  }
  let padding = opts.paddingBytes ?? 0;
  while (padding > 0) {
    const size = Math.min(padding, 65000);
    parts.push(...segment(0xed, new Array<number>(size).fill(0x20)));
    padding -= size;
  }
  parts.push(...segment(0xc0, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]));
  parts.push(...segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]), 0x12, 0x34, 0x56, 0xff, 0xd9);
  return Uint8Array.from(parts);
}

/** A little-endian TIFF with its directory after `pixelBytes` of image data (as libtiff writes it). */
export function tiffBytes(width: number, height: number, pixelBytes = 1024): Uint8Array {
  const ifdOffset = 8 + pixelBytes;
  const entry = (tag: number, value: number) => [...le16(tag), ...le16(4), ...le32(1), ...le32(value)];
  const ifd = [...le16(2), ...entry(0x0100, width), ...entry(0x0101, height), ...le32(0)];
  const out = new Uint8Array(ifdOffset + ifd.length);
  out.set([0x49, 0x49, 42, 0, ...le32(ifdOffset)]);
  out.fill(0x80, 8, ifdOffset);
  out.set(ifd, ifdOffset);
  return out;
}

export function pngBytes(): Uint8Array {
  return Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 3, 0x20, 0, 0, 3, 0x20, 8, 2, 0, 0, 0,
  ]);
}

export function fileOf(bytes: Uint8Array, name: string, type = 'image/jpeg'): File {
  return new File([bytes as BlobPart], name, { type });
}
