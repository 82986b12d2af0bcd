import type { ByteSource } from './resolution';

/**
 * Where the first page's pixel data lies in a TIFF: the StripOffsets/StripByteCounts (273/279) or
 * TileOffsets/TileByteCounts (324/325) arrays of IFD0. Read by hand with the same byte-level reader as the resolution
 * tags (docs/decisions/009 and 043): no TIFF library reads a directory without decoding pixels.
 */
const TAG_STRIP_OFFSETS = 273;
const TAG_STRIP_BYTE_COUNTS = 279;
const TAG_TILE_OFFSETS = 324;
const TAG_TILE_BYTE_COUNTS = 325;
/** A 1000 MP image in one-row strips has 50,000; more than this many pieces is not a photo. */
export const MAX_TIFF_PIECES = 1_000_000;

export type TiffLayout =
  | { kind: 'pieces'; offsets: number[]; counts: number[] }
  /** Not a TIFF, or a directory this reader does not follow: left to the decoder. */
  | { kind: 'unknown' }
  /** Too many pieces, or arrays of different lengths. */
  | { kind: 'implausible' };

export async function readTiffLayout(source: ByteSource): Promise<TiffLayout> {
  const first = await source.read(0, 8);
  if (!first) return { kind: 'unknown' };
  const header = first[2] === 43 || first[3] === 43 ? await source.read(0, 16) : first;
  if (!header) return { kind: 'unknown' };
  const order = String.fromCharCode(header[0] ?? 0, header[1] ?? 0);
  if (order !== 'II' && order !== 'MM') return { kind: 'unknown' };
  const little = order === 'II';
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view(header).getUint16(2, little);
  const big = magic === 43;
  if (magic !== 42 && !big) return { kind: 'unknown' };
  const ifd = big ? Number(view(header).getBigUint64(8, little)) : view(header).getUint32(4, little);
  const countBytes = await source.read(ifd, big ? 8 : 2);
  if (!countBytes) return { kind: 'unknown' };
  const count = big ? Number(view(countBytes).getBigUint64(0, little)) : view(countBytes).getUint16(0, little);
  if (count === 0 || count > 4096) return { kind: 'unknown' };
  const entrySize = big ? 20 : 12;
  const entries = await source.read(ifd + countBytes.length, count * entrySize);
  if (!entries) return { kind: 'unknown' };
  const dv = view(entries);

  const readArray = async (at: number): Promise<number[] | 'implausible' | null> => {
    const type = dv.getUint16(at + 2, little);
    const n = big ? Number(dv.getBigUint64(at + 4, little)) : dv.getUint32(at + 4, little);
    const size = type === 3 ? 2 : type === 4 ? 4 : type === 16 ? 8 : 0;
    if (!size) return null;
    if (n > MAX_TIFF_PIECES) return 'implausible';
    const inline = big ? 8 : 4;
    const valueAt = at + (big ? 12 : 8);
    const bytes =
      n * size <= inline
        ? entries.subarray(valueAt, valueAt + n * size)
        : await source.read(big ? Number(dv.getBigUint64(valueAt, little)) : dv.getUint32(valueAt, little), n * size);
    if (!bytes) return null;
    const values = view(bytes);
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      out[i] =
        size === 2
          ? values.getUint16(i * 2, little)
          : size === 4
            ? values.getUint32(i * 4, little)
            : Number(values.getBigUint64(i * 8, little));
    }
    return out;
  };

  const arrays = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const tag = dv.getUint16(i * entrySize, little);
    if (tag !== TAG_STRIP_OFFSETS && tag !== TAG_STRIP_BYTE_COUNTS && tag !== TAG_TILE_OFFSETS && tag !== TAG_TILE_BYTE_COUNTS) continue;
    const values = await readArray(i * entrySize);
    if (values === 'implausible') return { kind: 'implausible' };
    if (values) arrays.set(tag, values);
  }
  const tiled = arrays.has(TAG_TILE_OFFSETS);
  const offsets = arrays.get(tiled ? TAG_TILE_OFFSETS : TAG_STRIP_OFFSETS);
  const counts = arrays.get(tiled ? TAG_TILE_BYTE_COUNTS : TAG_STRIP_BYTE_COUNTS);
  if (!offsets || !counts) return { kind: 'unknown' };
  if (offsets.length !== counts.length) return { kind: 'implausible' };
  return { kind: 'pieces', offsets, counts };
}

/**
 * True when two strips (or tiles) share bytes: one stored piece standing for many, the shape of a TIFF decompression
 * bomb. Empty pieces (sparse tiles: offset and count 0) are left out.
 */
export function piecesOverlap(offsets: readonly number[], counts: readonly number[]): boolean {
  const pieces: [number, number][] = [];
  for (let i = 0; i < offsets.length; i++) if ((counts[i] ?? 0) > 0) pieces.push([offsets[i]!, counts[i]!]);
  pieces.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < pieces.length; i++) {
    const [previousOffset, previousCount] = pieces[i - 1]!;
    if (pieces[i]![0] < previousOffset + previousCount) return true;
  }
  return false;
}
