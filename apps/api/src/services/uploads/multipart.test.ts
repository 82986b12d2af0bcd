import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ShopError } from '@framewala/domain';
import { MultipartReader, multipartBoundary, parsePartHeaders, type PartHeaders, type PartSink } from './multipart';
import { ScanBuffer } from './scan-buffer';

/** A deterministic generator, so that a failure can be replayed. */
function seeded(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

describe('the delimiter search in scan buffers (WebAssembly)', () => {
  const buffer = new ScanBuffer(1024 * 1024);

  it.each([5, 6, 12, 44, 74])('finds a %i-byte delimiter wherever it is, as indexOf does', (length) => {
    const random = seeded(length);
    const delimiter = Buffer.from(`\r\n--${'x7Q-'.repeat(20)}`.slice(0, length), 'latin1');
    buffer.use(delimiter);
    for (let round = 0; round < 300; round++) {
      const size = 1 + Math.floor(random() * 4096);
      const data = buffer.data.subarray(0, size);
      randomBytes(size).copy(data);
      // Near misses: the delimiter's pairs and prefixes scattered about.
      for (let i = 0; i < 8; i++) {
        const at = Math.floor(random() * size);
        delimiter.copy(data, at, 0, Math.min(Math.floor(random() * length), size - at));
      }
      if (random() < 0.7 && size >= length) delimiter.copy(data, Math.floor(random() * (size - length + 1)));
      const from = Math.floor(random() * Math.min(size, 64));
      const to = size - Math.floor(random() * Math.min(size - from, 64));
      expect(buffer.find(from, to), `round ${round}`).toBe(data.subarray(0, to).indexOf(delimiter, from));
    }
  });

  it('finds the first of several, at the very start and at the very end', () => {
    const delimiter = Buffer.from('\r\n------WebKitFormBoundary7MA4YWxkTrZu0gW');
    buffer.use(delimiter);
    const data = buffer.data.subarray(0, 100_000);
    data.fill(0x41);
    delimiter.copy(data, data.length - delimiter.length);
    expect(buffer.find(0, data.length)).toBe(data.length - delimiter.length);
    expect(buffer.find(0, data.length - 1)).toBe(-1);
    delimiter.copy(data, 5000);
    delimiter.copy(data, 0);
    expect(buffer.find(0, data.length)).toBe(0);
    expect(buffer.find(1, data.length)).toBe(5000);
  });

  it('refuses to look outside its memory', () => {
    buffer.use(Buffer.from('\r\n--abc'));
    expect(() => buffer.find(0, buffer.data.length + 1)).toThrow(RangeError);
  });
});

describe('multipart headers', () => {
  it('reads the boundary, quoted or not, and refuses a multipart type without one', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbc')).toBe('----WebKitFormBoundaryAbc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
    expect(() => multipartBoundary('multipart/form-data')).toThrow('The upload is not valid multipart data (Multipart: Boundary not found).');
    expect(() => multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toThrow(ShopError);
  });

  it('reads a part’s name and file name (also RFC 5987 and UTF-8), and tells files from fields', () => {
    const parse = (text: string) => parsePartHeaders(Buffer.from(text, 'utf8'));
    expect(parse('Content-Disposition: form-data; name="image"; filename="Wedding \\"1\\".JPG"\r\nContent-Type: image/jpeg')).toEqual({
      name: 'image',
      filename: 'Wedding "1".JPG',
      contentType: 'image/jpeg',
      isFile: true,
    });
    expect(parse("content-disposition: form-data; name=image; filename*=UTF-8''%E0%A4%AB%E0%A5%8B%E0%A4%9F%E0%A5%8B.tif").filename).toBe('फोटो.tif');
    expect(parse('Content-Disposition: form-data; name="image"; filename="फोटो.jpg"').filename).toBe('फोटो.jpg');
    expect(parse('Content-Disposition: form-data; name="caption"')).toMatchObject({ name: 'caption', filename: null, isFile: false });
    expect(parse('Content-Disposition: form-data; name="blob"\r\nContent-Type: application/octet-stream').isFile).toBe(true);
    expect(() => parse('Content-Type: image/jpeg')).toThrow('a part without Content-Disposition');
  });
});

/** Keeps a part's content in memory, finding its end with indexOf: the reader's contract, as simply as it goes. */
class MemorySink implements PartSink {
  readonly chunks: Buffer[] = [];
  private tail = Buffer.alloc(0);
  ended = false;

  constructor(private readonly delimiter: Buffer) {}

  content(data: Buffer): number {
    const seen = Buffer.concat([this.tail, data]);
    const at = seen.indexOf(this.delimiter);
    if (at !== -1) {
      this.chunks.push(seen.subarray(0, at));
      this.tail = Buffer.alloc(0);
      return at + this.delimiter.length - (seen.length - data.length);
    }
    const keep = Math.min(seen.length, this.delimiter.length - 1);
    this.chunks.push(seen.subarray(0, seen.length - keep));
    this.tail = Buffer.from(seen.subarray(seen.length - keep));
    return -1;
  }

  async end(): Promise<void> {
    this.ended = true;
  }

  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function body(boundary: string, parts: { headers: string; data: Buffer }[], preamble = '', epilogue = '\r\n'): Buffer {
  const out: Buffer[] = [Buffer.from(preamble)];
  for (const part of parts) out.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.data, Buffer.from('\r\n'));
  out.push(Buffer.from(`--${boundary}--${epilogue}`));
  return Buffer.concat(out);
}

/** Feeds `bytes` to a reader in pieces of the sizes `sizes` gives, and answers the parts it saw. */
function read(boundary: string, bytes: Buffer, sizes: () => number) {
  const parts: { headers: PartHeaders; sink: MemorySink }[] = [];
  const reader = new MultipartReader(boundary, {
    part(headers, delimiter) {
      const sink = new MemorySink(delimiter);
      parts.push({ headers, sink });
      return sink;
    },
  });
  for (let at = 0; at < bytes.length;) {
    const size = Math.max(1, sizes());
    expect(reader.feed(bytes.subarray(at, at + size))).toBeUndefined();
    at += size;
  }
  return { parts, complete: reader.complete };
}

describe('the multipart reader', () => {
  const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
  const photo = randomBytes(200_000);
  // Content that holds most of the delimiter, but not all of it.
  Buffer.from(`\r\n--${boundary.slice(0, -1)}`).copy(photo, 1000);

  const random = seeded(7);
  it.each([
    ['one byte at a time', () => 1],
    ['in 64 KiB reads', () => 65536],
    ['in random pieces', () => 1 + Math.floor(random() * 3000)],
  ])('gives every byte of a file part, and only those, read %s', (_name, sizes) => {
    const bytes = body(boundary, [{ headers: 'Content-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg', data: photo }]);
    const { parts, complete } = read(boundary, bytes, sizes);
    expect(complete).toBe(true);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.headers).toMatchObject({ name: 'image', filename: 'a.jpg', isFile: true });
    expect(parts[0]!.sink.ended).toBe(true);
    expect(parts[0]!.sink.bytes.equals(photo)).toBe(true);
  });

  it('reads a whole small form one byte at a time: preamble, padding after a boundary, two parts, an epilogue', () => {
    const bytes = Buffer.concat([
      Buffer.from(`a preamble\r\n--${boundary}  \t\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhello\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="b.tif"\r\n\r\n`),
      Buffer.from('II*\0 the photo'),
      Buffer.from(`\r\n--${boundary}--\r\nan epilogue --${boundary}\r\n`),
    ]);
    const { parts, complete } = read(boundary, bytes, () => 1);
    expect(complete).toBe(true);
    expect(parts.map((p) => [p.headers.name, p.sink.bytes.toString()])).toEqual([
      ['caption', 'hello'],
      ['image', 'II*\0 the photo'],
    ]);
  });

  it('takes an empty part and a part without headers', () => {
    const bytes = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="e.jpg"\r\n\r\n\r\n--${boundary}--`);
    const { parts, complete } = read(boundary, bytes, () => 7);
    expect(complete).toBe(true);
    expect(parts[0]!.sink.bytes.length).toBe(0);
    expect(() => read(boundary, Buffer.from(`--${boundary}\r\n\r\ndata\r\n--${boundary}--`), () => 100)).toThrow(
      'a part without Content-Disposition',
    );
  });

  it('refuses what is not multipart: no boundary in the first 16 KiB, garbage after a boundary, endless headers', () => {
    expect(() => read(boundary, Buffer.alloc(20_000, 0x61), () => 1000)).toThrow('no boundary where the form should start');
    expect(() => read(boundary, Buffer.from(`--${boundary}xx\r\n`), () => 100)).toThrow('a boundary not followed by a line break');
    expect(() => read(boundary, Buffer.from(`--${boundary}\r\nX-Long: ${'a'.repeat(20_000)}`), () => 4096)).toThrow('part headers too long');
  });

  it('is not complete until the closing delimiter has been read', () => {
    const bytes = body(boundary, [{ headers: 'Content-Disposition: form-data; name="image"; filename="a.jpg"', data: photo }]);
    expect(read(boundary, bytes.subarray(0, bytes.length - 6), () => 5000).complete).toBe(false);
    expect(read(boundary, bytes.subarray(0, bytes.length - 2), () => 5000).complete).toBe(true);
  });

  it('stops at the first refusal of the handler', () => {
    const reader = new MultipartReader(boundary, {
      part() {
        throw new ShopError('BAD_REQUEST', 'no, thank you');
      },
    });
    expect(() => reader.feed(body(boundary, [{ headers: 'Content-Disposition: form-data; name="x"', data: Buffer.from('1') }]))).toThrow(
      'no, thank you',
    );
  });
});
