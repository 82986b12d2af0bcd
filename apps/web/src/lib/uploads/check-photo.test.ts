import { IMAGE_DIMENSION_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '@framewala/domain';
import { describe, expect, it, vi } from 'vitest';
import { checkPhoto, EMPTY_FILE_MESSAGE, FIRST_READ_BYTES, ONE_PHOTO_MESSAGE, UNREADABLE_MESSAGE } from './check-photo';
import { i18n } from '../i18n';
import { fileOf, jpegBytes, pngBytes, tiffBytes } from '../../test/image-bytes';

/** Counts the bytes the check reads through Blob.slice. */
function spyReads(file: File) {
  const reads: [number, number][] = [];
  const slice = file.slice.bind(file);
  vi.spyOn(file, 'slice').mockImplementation((start?: number, end?: number) => {
    reads.push([start ?? 0, end ?? file.size]);
    return slice(start, end);
  });
  return reads;
}

describe('checkPhoto', () => {
  it('accepts a JPEG within the limits and reports its oriented size', async () => {
    const result = await checkPhoto([fileOf(jpegBytes(4000, 3000, { orientation: 6 }), 'phone.jpg')]);
    expect(result).toMatchObject({ ok: true, header: { format: 'jpeg', orientedWidth: 3000, orientedHeight: 4000 } });
  });

  it('refuses by content, whatever the name and type say', async () => {
    const result = await checkPhoto([fileOf(pngBytes(), 'holiday.jpg', 'image/jpeg')]);
    expect(result).toEqual({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This file is a PNG image. Only JPG and TIF photos are accepted.',
    });
    const text = await checkPhoto([fileOf(new TextEncoder().encode('hello, this is not a photo'), 'notes.tif')]);
    expect(text).toEqual({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This file is not a JPG or TIF photo. Only JPG and TIF photos are accepted.',
    });
  });

  it('refuses two files, an empty file and one over 2 GiB without reading them', async () => {
    const a = fileOf(jpegBytes(1000, 1000), 'a.jpg');
    expect(await checkPhoto([a, a])).toEqual({ ok: false, code: 'MULTIPLE_FILES', message: i18n._(ONE_PHOTO_MESSAGE) });
    expect(await checkPhoto([fileOf(new Uint8Array(), 'empty.jpg')])).toEqual({
      ok: false,
      code: 'EMPTY_FILE',
      message: i18n._(EMPTY_FILE_MESSAGE),
    });
    const big = fileOf(jpegBytes(1000, 1000), 'big.jpg');
    Object.defineProperty(big, 'size', { value: 2147483649 });
    const reads = spyReads(big);
    expect(await checkPhoto([big])).toEqual({ ok: false, code: 'UPLOAD_TOO_LARGE', message: UPLOAD_TOO_LARGE_MESSAGE });
    expect(reads).toEqual([]);
    const edge = fileOf(jpegBytes(1000, 1000), 'edge.jpg');
    Object.defineProperty(edge, 'size', { value: 2147483648 });
    // Exactly 2 GiB passes the size rule (the header is then read from the real bytes).
    expect((await checkPhoto([edge])).ok).toBe(true);
  });

  it('applies the dimension rule to the header: 699 vs 700, 50000 vs 50001, and a 40000 × 40000 claim', async () => {
    const check = async (w: number, h: number) => (await checkPhoto([fileOf(jpegBytes(w, h), 'x.jpg')])).ok;
    expect(await check(700, 700)).toBe(true);
    expect(await check(699, 1000)).toBe(false);
    expect(await check(50000, 700)).toBe(true);
    expect(await check(50001, 700)).toBe(false);
    expect(await checkPhoto([fileOf(jpegBytes(40000, 40000), 'bomb.jpg')])).toEqual({
      ok: false,
      code: 'IMAGE_DIMENSIONS',
      message: IMAGE_DIMENSION_MESSAGE,
    });
  });

  it('reads only the first 256 KB of a large file when the header is there', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024);
    bytes.set(jpegBytes(5000, 4000));
    const file = fileOf(bytes, 'large.jpg');
    const reads = spyReads(file);
    expect(await checkPhoto([file])).toMatchObject({ ok: true, header: { width: 5000 } });
    expect(reads).toEqual([[0, FIRST_READ_BYTES]]);
  });

  it('grows the read when the frame header lies past the first 256 KB', async () => {
    const file = fileOf(jpegBytes(2400, 1600, { paddingBytes: 400_000 }), 'metadata-heavy.jpg');
    const reads = spyReads(file);
    expect(await checkPhoto([file])).toMatchObject({ ok: true, header: { width: 2400, height: 1600 } });
    expect(reads.length).toBeGreaterThan(1);
    expect(reads[0]).toEqual([0, FIRST_READ_BYTES]);
  });

  it('reads a TIFF directory at the end of the file with one extra range', async () => {
    const file = fileOf(tiffBytes(6000, 4000, 2 * 1024 * 1024), 'scan.tif', 'image/tiff');
    const reads = spyReads(file);
    expect(await checkPhoto([file])).toMatchObject({ ok: true, header: { format: 'tiff', width: 6000, height: 4000 } });
    expect(reads).toHaveLength(2);
    expect(reads[1]?.[0]).toBe(8 + 2 * 1024 * 1024);
    const small = await checkPhoto([fileOf(tiffBytes(600, 600), 'small.tif', 'image/tiff')]);
    expect(small).toEqual({ ok: false, code: 'IMAGE_DIMENSIONS', message: IMAGE_DIMENSION_MESSAGE });
  });

  it('calls a JPEG cut before its frame header unreadable', async () => {
    const full = jpegBytes(3000, 2000, { orientation: 1 });
    const cut = full.subarray(0, 30);
    expect(await checkPhoto([fileOf(cut, 'cut.jpg')])).toEqual({
      ok: false,
      code: 'IMAGE_UNREADABLE',
      message: i18n._(UNREADABLE_MESSAGE),
    });
  });

  it('says the file could not be opened when reading it fails', async () => {
    const file = fileOf(jpegBytes(1000, 1000), 'gone.jpg');
    vi.spyOn(file, 'slice').mockImplementation(() => {
      throw new DOMException('The file could not be read', 'NotReadableError');
    });
    expect(await checkPhoto([file])).toMatchObject({ ok: false, code: 'FILE_READ_ERROR' });
  });
});
