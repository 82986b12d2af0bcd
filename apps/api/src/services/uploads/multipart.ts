import type { Readable } from 'node:stream';
import { ShopError } from '@framewala/domain';

/**
 * A multipart/form-data reader for the one route that takes a photo (decision 037). It does what a photo upload
 * needs and nothing more: it finds the parts, hands each part's headers to the caller, which refuses the request or
 * names a sink, and passes the content of a file part to that sink as it arrives, without holding it. It is written
 * for speed on large bodies: the content of a 2 GB photo is looked at in a few bytes out of every forty (see
 * ScanBuffer) and handed on in the chunks the socket delivered, with no stream between the socket and the sink.
 */

/** RFC 2046: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY_LENGTH = 70;
/** Bytes allowed before the first boundary (the preamble, which browsers never send). */
const MAX_PREAMBLE_BYTES = 16 * 1024;
/** Bytes allowed for one part's headers (a browser sends about 150). */
const MAX_PART_HEADER_BYTES = 16 * 1024;
/** Spaces or tabs allowed after a boundary, before its line break (RFC 2046 "transport padding"). */
const MAX_PADDING_BYTES = 1024;

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

export function notMultipart(detail: string): ShopError {
  return new ShopError('BAD_REQUEST', `The upload is not valid multipart data (${detail}).`);
}

export function cutShort(): ShopError {
  return new ShopError('BAD_REQUEST', 'The upload was cut short or is not valid multipart data.');
}

/**
 * The boundary of a `multipart/form-data` Content-Type, or null when the type is not multipart/form-data. A
 * multipart type without a usable boundary is refused (400), since nothing in the body could be found.
 */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [type, ...params] = splitParameters(contentType);
  if (type?.toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    const boundary = unquote(param.slice(eq + 1).trim());
    if (boundary.length === 0 || boundary.length > MAX_BOUNDARY_LENGTH || !/^[\x20-\x7e]+$/.test(boundary)) {
      throw notMultipart('Multipart: Boundary not valid');
    }
    return boundary;
  }
  throw notMultipart('Multipart: Boundary not found');
}

/** Splits a header value at semicolons outside quoted strings. */
function splitParameters(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quoted && c === '\\' && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ';' && !quoted) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, '$1');
  return value;
}

/** RFC 5987 `UTF-8''%e2%82%ac.jpg` (filename*), or null when it is not in that form. */
function extendedValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.*)$/.exec(value);
  if (!match) return null;
  try {
    const bytes = Buffer.from(decodeURIComponent(match[2]!.replace(/%(?![\da-f]{2})/gi, '%25')), 'utf8');
    return match[1]!.toLowerCase() === 'utf-8' ? bytes.toString('utf8') : bytes.toString('latin1');
  } catch {
    return null;
  }
}

export interface PartHeaders {
  /** The form field's name (Content-Disposition `name`), or null when the part has none. */
  name: string | null;
  /** The file name when the part is a file (Content-Disposition `filename` or `filename*`), else null. */
  filename: string | null;
  /** The part's Content-Type, lower case, without parameters; null when absent. */
  contentType: string | null;
  /** Whether the part is a file: it has a file name, or is sent as application/octet-stream (as busboy decides). */
  isFile: boolean;
}

/** Reads one part's header block (without the blank line that ends it). Header text is UTF-8, as browsers send it. */
export function parsePartHeaders(block: Buffer): PartHeaders {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.toString('utf8').split('\r\n')) {
    if (line.length === 0) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw notMultipart('a part header without a name');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value.split(';')[0]!.trim().toLowerCase() || null;
  }
  if (disposition === null) throw notMultipart('a part without Content-Disposition');
  const [kind, ...params] = splitParameters(disposition);
  if (kind?.toLowerCase() !== 'form-data') throw notMultipart('a part that is not form-data');
  let name: string | null = null;
  let filename: string | null = null;
  let extended: string | null = null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    const raw = param.slice(eq + 1).trim();
    if (key === 'name') name = unquote(raw);
    else if (key === 'filename') filename = unquote(raw);
    else if (key === 'filename*') extended = extendedValue(unquote(raw));
  }
  filename = extended ?? filename;
  return { name, filename, contentType, isFile: filename !== null || contentType === 'application/octet-stream' };
}

/**
 * Where a part's content goes. The sink finds the part's end itself (it is handed the delimiter), because it looks
 * at the bytes where it keeps them (decision 037).
 */
export interface PartSink {
  /**
   * Takes the part's content from the start of `data`: answers where the delimiter ends in `data` once it has been
   * found (the part is complete and nothing after its content was kept), or -1 when all of `data` was taken and the
   * part goes on; a promise of the same when the sink had to wait. Throws to refuse the request.
   */
  content(data: Buffer): number | Promise<number>;
  /** Called once `content` has found the delimiter. */
  end(): Promise<void>;
  /**
   * Optional: free space where the next bytes may be read to be taken in place (the next `content` call then starts
   * with a view of it); undefined when there is none now.
   */
  reserve?(): Buffer | undefined;
}

export interface MultipartHandler {
  /**
   * Called with each part's headers: answers the sink for its content, or throws to refuse the request. The sink
   * must end the content at the first occurrence of `delimiter` (CRLF, two dashes, the boundary).
   */
  part(headers: PartHeaders, delimiter: Buffer): PartSink;
}

type State = 'preamble' | 'delimiter' | 'headers' | 'body' | 'epilogue';

/**
 * Feeds a reader chunk after chunk. While its sink is being waited for, the source is paused and chunks that still
 * arrive wait their turn; once they are all read, the source is told it may go on (`idle`).
 */
export class ReaderFeed {
  private readonly queued: Buffer[] = [];
  private waiting = false;
  private stopped = false;

  constructor(
    private readonly reader: MultipartReader,
    private readonly source: { pause(): void; idle(): void; fail(error: unknown): void },
  ) {}

  /** Whether chunks are waiting for the sink (so a new one would have to wait too). */
  get busy(): boolean {
    return this.waiting || this.queued.length > 0;
  }

  push(chunk: Buffer): void {
    if (this.stopped) return;
    if (this.busy) this.queued.push(chunk);
    else this.take(chunk);
  }

  /** No more chunks are read, nor the source told anything. */
  stop(): void {
    this.stopped = true;
    this.queued.length = 0;
  }

  private take(chunk: Buffer): void {
    let waiting: Promise<void> | undefined;
    try {
      waiting = this.reader.feed(chunk);
    } catch (error) {
      return this.source.fail(error);
    }
    if (!waiting) return;
    this.waiting = true;
    this.source.pause();
    waiting.then(
      () => {
        this.waiting = false;
        while (!this.waiting && !this.stopped && this.queued.length > 0) this.take(this.queued.shift()!);
        if (!this.waiting && !this.stopped) this.source.idle();
      },
      (error: unknown) => this.source.fail(error),
    );
  }
}

/**
 * Reads a multipart body from `body` (the request) to its end. Resolves once the closing delimiter has been read,
 * the body has ended and the last sink has ended; rejects (400) when the body is malformed or ends early, with the
 * first error a sink or the handler throws, or when the body exceeds `maxBodyBytes` (413). On rejection the body
 * is left paused, unread: the caller answers and closes the connection.
 */
export function readMultipart(body: Readable, boundary: string, handler: MultipartHandler, maxBodyBytes: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const reader = new MultipartReader(boundary, handler);
    let received = 0;
    let settled = false;
    const cleanup = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      feed.stop();
      cleanup();
      body.pause();
      reject(error);
    };
    const feed = new ReaderFeed(reader, {
      pause: () => body.pause(),
      idle: () => (ended ? finish() : body.resume()),
      fail,
    });
    let ended = false;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) return fail(new ShopError('UPLOAD_TOO_LARGE'));
      feed.push(chunk);
    };
    const finish = () => {
      if (settled) return;
      if (!reader.complete) return fail(cutShort());
      settled = true;
      feed.stop();
      cleanup();
      reader.waitForSink().then(resolve, reject);
    };
    const onEnd = () => {
      ended = true;
      if (!feed.busy) finish();
    };
    const onError = () => fail(cutShort());
    // A client that goes away mid-body: 'close' without 'end' (Node also emits an 'aborted' error).
    const onClose = () => {
      if (!body.readableEnded) fail(cutShort());
    };
    reader.onSinkFailure = fail;
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('close', onClose);
    body.resume();
  });
}

/** The parser's state machine, fed chunk by chunk; exported for its tests. */
export class MultipartReader {
  private state: State = 'preamble';
  /** Bytes of a state that needs to see several at once (the preamble, a delimiter's tail, part headers). */
  private pending: Buffer;
  private preambleBytes = 0;
  private readonly delimiter: Buffer;
  private sink: PartSink | undefined;
  /** Sinks still ending; the first failure fails the request. */
  private readonly ending = new Set<Promise<void>>();
  private sinkFailure: unknown;
  private sinkFailed = false;

  constructor(
    boundary: string,
    private readonly handler: MultipartHandler,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    // The body starts with "--boundary" (no line break before it): reading it as if a CRLF came first finds the
    // first delimiter with the same search as the others, with or without a preamble.
    this.pending = CRLF;
  }

  /** Whether the closing delimiter has been read (what follows it, the epilogue, is ignored). */
  get complete(): boolean {
    return this.state === 'epilogue';
  }

  /** Where the next bytes from the network may go to be taken without a copy: the part's sink's free space. */
  readTarget(): Buffer | undefined {
    return this.state === 'body' ? this.sink!.reserve?.() : undefined;
  }

  /** Settles once every part's sink has ended, with the first failure if there was one. */
  async waitForSink(): Promise<void> {
    while (this.ending.size > 0) await Promise.all(this.ending);
    if (this.sinkFailed) throw this.sinkFailure;
  }

  /** Reads one chunk; answers a promise when the sink has to be waited for before the next chunk. */
  feed(chunk: Buffer): Promise<void> | undefined {
    if (this.sinkFailed) throw this.sinkFailure;
    let data = chunk;
    while (data.length > 0) {
      switch (this.state) {
        case 'preamble':
          data = this.preamble(data);
          break;
        case 'delimiter':
          data = this.afterDelimiter(data);
          break;
        case 'headers':
          data = this.headers(data);
          break;
        case 'body': {
          const taken = this.sink!.content(data);
          if (typeof taken !== 'number') {
            const rest = data;
            return taken.then((at) => (at === -1 ? undefined : this.feed(this.endPart(rest, at))));
          }
          data = taken === -1 ? EMPTY : this.endPart(data, taken);
          break;
        }
        case 'epilogue':
          data = EMPTY;
          break;
      }
    }
    return undefined;
  }

  private preamble(data: Buffer): Buffer {
    const buffer = Buffer.concat([this.pending, data]);
    const at = buffer.indexOf(this.delimiter);
    if (at === -1) {
      this.preambleBytes += data.length;
      if (this.preambleBytes > MAX_PREAMBLE_BYTES) throw notMultipart('no boundary where the form should start');
      this.pending = buffer.subarray(Math.max(0, buffer.length - (this.delimiter.length - 1)));
      return EMPTY;
    }
    this.pending = EMPTY;
    this.state = 'delimiter';
    return buffer.subarray(at + this.delimiter.length);
  }

  /** After a delimiter: "--" closes the form; otherwise optional padding and a line break open the next part. */
  private afterDelimiter(data: Buffer): Buffer {
    const buffer = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    if (buffer.length < 2) {
      this.pending = Buffer.from(buffer);
      return EMPTY;
    }
    if (buffer[0] === DASH && buffer[1] === DASH) {
      this.pending = EMPTY;
      this.state = 'epilogue';
      return EMPTY;
    }
    let at = 0;
    while (at < buffer.length && (buffer[at] === 0x20 || buffer[at] === 0x09)) at++;
    if (at > MAX_PADDING_BYTES) throw notMultipart('a boundary not followed by a line break');
    if (at + 2 > buffer.length) {
      this.pending = Buffer.from(buffer);
      return EMPTY;
    }
    if (buffer[at] !== CR || buffer[at + 1] !== LF) throw notMultipart('a boundary not followed by a line break');
    this.pending = EMPTY;
    this.state = 'headers';
    return buffer.subarray(at + 2);
  }

  private headers(data: Buffer): Buffer {
    const buffer = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    // A part without headers starts with its blank line at once.
    const end = buffer.length >= 2 && buffer[0] === CR && buffer[1] === LF ? -2 : buffer.indexOf(HEADER_END);
    if (end === -1) {
      if (buffer.length > MAX_PART_HEADER_BYTES) throw notMultipart('part headers too long');
      this.pending = Buffer.from(buffer);
      return EMPTY;
    }
    if (end > MAX_PART_HEADER_BYTES) throw notMultipart('part headers too long');
    const headers = parsePartHeaders(end < 0 ? EMPTY : buffer.subarray(0, end));
    this.pending = EMPTY;
    this.sink = this.handler.part(headers, this.delimiter);
    this.state = 'body';
    return buffer.subarray(end + 4);
  }

  /** The sink found the delimiter ending at `at` in `data`: ends the part and answers what follows it. */
  private endPart(data: Buffer, at: number): Buffer {
    // A copy, taken first: what follows may lie in the sink's own buffer, which ending the part pads and writes.
    const rest = Buffer.from(data.subarray(at));
    const sink = this.sink!;
    this.sink = undefined;
    const ending: Promise<void> = sink.end().then(
      () => {
        this.ending.delete(ending);
      },
      (error: unknown) => {
        this.ending.delete(ending);
        if (!this.sinkFailed) {
          this.sinkFailed = true;
          this.sinkFailure = error;
        }
        this.onSinkFailure?.(error);
      },
    );
    this.ending.add(ending);
    this.state = 'delimiter';
    return rest;
  }

  /** Told at once when a sink fails to end, so the request is refused without waiting for the rest of the body. */
  onSinkFailure: ((error: unknown) => void) | undefined;
}
