import { Transform, type TransformCallback } from 'node:stream';
import {
  checkDecodeMemory,
  checkImageDimensions,
  detectImageFormat,
  FORMAT_SNIFF_BYTES,
  isAcceptedFormat,
  readImageHeader,
  readJpegLayout,
  ShopError,
} from '@framewala/domain';

/**
 * How much of a photo's beginning is kept to read its header while it arrives. A JPEG's frame header (SOF) follows the
 * APP segments (Exif with its thumbnail, ICC profiles): almost always within the first few hundred KB. A header that
 * lies further (a TIFF whose first directory is at the end of the file) is judged once the whole file is there.
 */
export const HEAD_CHECK_BYTES = 1024 * 1024;

/**
 * Refuses a photo as early as its first bytes allow, while it is still arriving: 415 as soon as the first bytes are
 * not a JPEG or TIFF, 422 with the dimension message as soon as the header gives a size the rules refuse, 422
 * IMAGE_PROGRESSIVE_TOO_LARGE as soon as a JPEG's first scan header shows that decoding it would hold more memory
 * than the rule allows. Everything else (headers it cannot read here, decoding) is left to the checks run on the
 * whole file.
 */
export class HeadCheck {
  // Grown as bytes arrive and let go once judged (usually within the first few KB), so many uploads arriving at once
  // do not each hold a mebibyte for their whole transfer.
  private head = Buffer.alloc(0);
  private held = 0;
  private done = false;
  /** The header's size has passed the rules; a JPEG's first scan is still to be read. */
  private sized = false;

  /** `prefix`: the photo's first bytes already received (a resumed upload). */
  constructor(prefix?: Buffer) {
    if (prefix && prefix.length > 0) this.add(prefix);
  }

  /** Takes the next bytes of the photo, in order; throws the refusal as soon as there is one. */
  add(chunk: Buffer): void {
    if (this.done) return;
    const take = Math.min(chunk.length, HEAD_CHECK_BYTES - this.held);
    if (this.held + take > this.head.length) {
      const grown = Buffer.allocUnsafe(Math.min(HEAD_CHECK_BYTES, Math.max(this.held + take, this.head.length * 2, 64 * 1024)));
      this.head.copy(grown, 0, 0, this.held);
      this.head = grown;
    }
    chunk.copy(this.head, this.held, 0, take);
    this.held += take;
    try {
      this.judge();
    } finally {
      if (!this.done && this.held === HEAD_CHECK_BYTES) this.done = true;
      if (this.done) this.head = Buffer.alloc(0);
    }
  }

  private judge(): void {
    if (this.held < FORMAT_SNIFF_BYTES) return;
    const bytes = this.head.subarray(0, this.held);
    if (!this.sized) {
      if (!isAcceptedFormat(detectImageFormat(bytes))) {
        this.done = true;
        throw new ShopError('UNSUPPORTED_MEDIA_TYPE');
      }
      const header = readImageHeader(bytes);
      if (!header.ok) {
        // More of the beginning may still settle it; a header past what is kept, or one this reader does not know, is
        // left to the checks on the whole file.
        if (header.reason !== 'need-more' || header.needed > HEAD_CHECK_BYTES) this.done = true;
        return;
      }
      this.sized = true;
      const check = checkImageDimensions(header.header.orientedWidth, header.header.orientedHeight);
      if (!check.ok) {
        this.done = true;
        throw new ShopError('IMAGE_DIMENSIONS', check.message);
      }
      if (header.header.format !== 'jpeg') {
        this.done = true;
        return;
      }
    }
    // A JPEG: its first scan header says whether decoding it would hold every coefficient of the image.
    const layout = readJpegLayout(bytes);
    if (!layout.ok) {
      if (layout.reason !== 'need-more' || layout.needed > HEAD_CHECK_BYTES) this.done = true;
      return;
    }
    this.done = true;
    const memory = checkDecodeMemory(layout.layout);
    if (!memory.ok) throw new ShopError(memory.code, memory.message, { bufferedBytes: memory.bufferedBytes });
  }
}

/**
 * A pass-through stream that runs a HeadCheck on the bytes going by and fails with its refusal (a ShopError) before
 * the refused bytes are passed on. `refusal` keeps it for callers whose next stage hides the error behind its own.
 */
export class HeadCheckStream extends Transform {
  refusal: ShopError | undefined;
  private readonly check: HeadCheck;

  constructor(prefix?: Buffer) {
    super();
    this.check = new HeadCheck(prefix);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.check.add(chunk);
    } catch (error) {
      if (error instanceof ShopError) this.refusal = error;
      callback(error as Error);
      return;
    }
    callback(null, chunk);
  }
}
