import { describe, expect, it } from 'vitest';
import {
  checkImageDensity,
  IMAGE_IMPLAUSIBLE_MESSAGE,
  ACCEPTED_FORMATS,
  DEFAULT_DPI,
  IMAGE_DIMENSION_MESSAGE,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_BYTES,
  MIN_IMAGE_SIDE,
  RETENTION_DAYS,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_HINT,
  checkImageDimensions,
  checkUploadBytes,
  detectImageFormat,
  isAcceptedFormat,
  uploadExpiresAt,
} from './upload-rules';

const DIM_FAIL = { ok: false, code: 'IMAGE_DIMENSIONS', message: IMAGE_DIMENSION_MESSAGE } as const;

describe('constants', () => {
  it('match the published upload rules', () => {
    expect(MAX_UPLOAD_BYTES).toBe(2147483648);
    expect(MAX_UPLOAD_BYTES).toBe(2 * 1024 ** 3);
    expect(MIN_IMAGE_SIDE).toBe(700);
    expect(MAX_IMAGE_SIDE).toBe(50000);
    expect(MAX_IMAGE_PIXELS).toBe(1e9);
    expect(DEFAULT_DPI).toBe(96);
    expect(RETENTION_DAYS).toBe(90);
    expect(IMAGE_DIMENSION_MESSAGE).toBe('Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP');
    expect(UPLOAD_HINT).toBe(
      'JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.',
    );
    expect(ACCEPTED_FORMATS).toEqual(['jpeg', 'tiff']);
    expect(UNSUPPORTED_TYPE_MESSAGE).toBe('Only JPG and TIF photos are accepted.');
  });
});

describe('checkImageDimensions', () => {
  it('accepts sides from 700 to 50000 inclusive', () => {
    expect(checkImageDimensions(700, 700)).toEqual({ ok: true });
    expect(checkImageDimensions(4000, 3000)).toEqual({ ok: true });
    expect(checkImageDimensions(50000, 700)).toEqual({ ok: true });
    expect(checkImageDimensions(700, 50000)).toEqual({ ok: true });
  });

  it('rejects 699 and 50001', () => {
    expect(checkImageDimensions(699, 1000)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(1000, 699)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(50001, 1000)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(1000, 50001)).toEqual(DIM_FAIL);
  });

  it('allows exactly 1000 MP and rejects more', () => {
    expect(checkImageDimensions(40000, 25000)).toEqual({ ok: true });
    expect(checkImageDimensions(40000, 25001)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(50000, 50000)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(31623, 31623)).toEqual(DIM_FAIL); // 1,000,014,129 px
    expect(checkImageDimensions(31622, 31622)).toEqual({ ok: true }); // 999,950,884 px
  });

  it('rejects non-integers and nonsense', () => {
    expect(checkImageDimensions(Number.NaN, 1000)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(800.5, 1000)).toEqual(DIM_FAIL);
    expect(checkImageDimensions(-800, 1000)).toEqual(DIM_FAIL);
  });
});

describe('checkUploadBytes', () => {
  it('accepts up to 2 GiB', () => {
    expect(checkUploadBytes(0)).toEqual({ ok: true });
    expect(checkUploadBytes(5_000_000)).toEqual({ ok: true });
    expect(checkUploadBytes(2147483648)).toEqual({ ok: true });
  });

  it('rejects one byte more', () => {
    expect(checkUploadBytes(2147483649)).toEqual({
      ok: false,
      code: 'UPLOAD_TOO_LARGE',
      message: 'The photo is larger than 2 GB. Please choose a smaller file.',
    });
  });

  it('throws on a negative or fractional count', () => {
    expect(() => checkUploadBytes(-1)).toThrow(RangeError);
    expect(() => checkUploadBytes(1.5)).toThrow(RangeError);
  });
});

function bytes(...parts: (number[] | string)[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'string') for (const ch of p) out.push(ch.charCodeAt(0));
    else out.push(...p);
  }
  return Uint8Array.from(out);
}

/** An ISO-BMFF 'ftyp' box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], 'meta');
}

describe('detectImageFormat', () => {
  it('detects JPEG', () => {
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif'))).toBe('jpeg');
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xfe]))).toBeNull();
  });

  it('detects TIFF in both byte orders, and BigTIFF', () => {
    expect(detectImageFormat(bytes('II', [0x2a, 0x00, 8, 0, 0, 0]))).toBe('tiff');
    expect(detectImageFormat(bytes('MM', [0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff');
    expect(detectImageFormat(bytes('II', [0x2b, 0x00, 8, 0, 0, 0]))).toBe('tiff');
    expect(detectImageFormat(bytes('MM', [0x00, 0x2b, 0, 8, 0, 0]))).toBe('tiff');
    expect(detectImageFormat(bytes('II', [0x00, 0x2a]))).toBeNull();
    expect(detectImageFormat(bytes('MM', [0x2a, 0x00]))).toBeNull();
  });

  it('detects PNG', () => {
    expect(detectImageFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'))).toBe('png');
    expect(detectImageFormat(bytes([0x89], 'PNG', [0x0d, 0x0a]))).toBeNull();
  });

  it('detects GIF 87a and 89a', () => {
    expect(detectImageFormat(bytes('GIF87a', [1, 0, 1, 0]))).toBe('gif');
    expect(detectImageFormat(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif');
    expect(detectImageFormat(bytes('GIF88a'))).toBeNull();
  });

  it('detects WebP but not other RIFF files', () => {
    expect(detectImageFormat(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(detectImageFormat(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('detects HEIC/HEIF by ftyp brand', () => {
    expect(detectImageFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(detectImageFormat(ftyp('heix', 'mif1', 'heix'))).toBe('heic');
    expect(detectImageFormat(ftyp('mif1', 'mif1', 'heic'))).toBe('heic');
    expect(detectImageFormat(ftyp('msf1', 'msf1', 'hevc'))).toBe('heic');
    expect(detectImageFormat(ftyp('hevc', 'msf1'))).toBe('heic');
    expect(detectImageFormat(ftyp('mif1'))).toBe('heic');
  });

  it('does not take AVIF or MP4 for HEIC', () => {
    expect(detectImageFormat(ftyp('avif', 'mif1', 'miaf'))).toBeNull();
    expect(detectImageFormat(ftyp('mif1', 'avif', 'miaf'))).toBeNull();
    expect(detectImageFormat(ftyp('isom', 'iso2', 'mp41'))).toBeNull();
  });

  it('detects BMP with a real DIB header', () => {
    const header = (dib: number) => bytes('BM', [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, dib, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
    expect(detectImageFormat(header(40))).toBe('bmp');
    expect(detectImageFormat(header(124))).toBe('bmp');
    expect(detectImageFormat(header(12))).toBe('bmp');
    expect(detectImageFormat(header(99))).toBeNull();
    expect(detectImageFormat(bytes('BM'))).toBeNull();
  });

  it('returns null for empty, short or unknown data', () => {
    expect(detectImageFormat(new Uint8Array())).toBeNull();
    expect(detectImageFormat(bytes([0xff]))).toBeNull();
    expect(detectImageFormat(bytes('%PDF-1.7'))).toBeNull();
    expect(detectImageFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectImageFormat(bytes([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
  });

  it('only JPEG and TIFF are accepted', () => {
    expect(isAcceptedFormat('jpeg')).toBe(true);
    expect(isAcceptedFormat('tiff')).toBe(true);
    for (const f of ['png', 'gif', 'webp', 'heic', 'bmp', null, undefined] as const) expect(isAcceptedFormat(f)).toBe(false);
  });
});

describe('uploadExpiresAt', () => {
  it('is 90 days after the upload', () => {
    expect(uploadExpiresAt(new Date('2025-01-01T00:00:00Z')).toISOString()).toBe('2025-04-01T00:00:00.000Z');
  });
});

describe('checkImageDensity (decompression bombs)', () => {
  it('refuses a 7 KB file declaring 40000 × 25000 px', () => {
    expect(checkImageDensity(40000, 25000, 7 * 1024)).toEqual({ ok: false, code: 'IMAGE_IMPLAUSIBLE', message: IMAGE_IMPLAUSIBLE_MESSAGE });
  });

  it('accepts real photos and the flattest output of standard encoders', () => {
    // A 1000 MP photo at 0.3 byte/pixel; a one-colour 50 MP JPEG (≈ 0.003 byte/pixel, measured with libjpeg).
    expect(checkImageDensity(40000, 25000, 300_000_000).ok).toBe(true);
    expect(checkImageDensity(10000, 5000, 147_000).ok).toBe(true);
    expect(checkImageDensity(40000, 25000, 500_000).ok).toBe(true);
    expect(checkImageDensity(40000, 25000, 499_999).ok).toBe(false);
  });

  it('leaves smaller images alone: they cost little to decode', () => {
    expect(checkImageDensity(4000, 6000, 100).ok).toBe(true);
    expect(checkImageDensity(5000, 5000, 100).ok).toBe(false);
  });
});
