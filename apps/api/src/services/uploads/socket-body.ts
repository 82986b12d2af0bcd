import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { cutShort, MultipartReader, ReaderFeed, type MultipartHandler } from './multipart';

/**
 * Reading a photo's request body straight from its socket into the upload's own buffers (decision 037).
 *
 * Through Node's HTTP server every body byte is copied twice in the server's main thread: by the HTTP parser into a
 * new 64 KiB Buffer per read, then by us into the aligned buffer it is written from; each of those Buffers is also
 * an allocation, a callback and a stream event. For a 316 MB photo that was about 100 ms of the ~180 ms the main
 * thread spent receiving it. Here, once the request's headers are parsed, the HTTP parser is detached from the
 * socket (as Node itself does for a protocol upgrade) and the socket reads into the free space of the upload's
 * current buffer (Node's `onread` user buffers): the kernel copies the bytes where they are written from, and
 * nothing else touches them but the delimiter search.
 *
 * The HTTP parser then never sees the end of the request, so the connection is not reused: the answer closes it.
 * This uses parts of Node that are not public API (the socket's handle and the symbols behind `onread`); when any
 * of them is missing, or the request is not plain HTTP/1.x with a Content-Length, the body is read as a stream.
 */

interface StreamHandle {
  reading: boolean;
  readStart(): number;
  readStop(): number;
  useUserBuffer?(buffer: Uint8Array): void;
}

interface Hooks {
  buffer: symbol;
  callback: symbol;
  generator: symbol;
}

/** The symbols net.Socket keeps its `onread` options under, when this Node has them. */
function onreadHooks(socket: Socket): Hooks | null {
  const symbols = Object.getOwnPropertySymbols(socket);
  const find = (name: string) => symbols.find((s) => s.description === name);
  const buffer = find('kBuffer');
  const callback = find('kBufferCb');
  const generator = find('kBufferGen');
  return buffer && callback && generator ? { buffer, callback, generator } : null;
}

/** Bytes read when the upload's buffers are all busy, or after the body: 64 KiB, as Node's own reads. */
const SCRATCH_BYTES = 64 * 1024;

/**
 * Reads the multipart body of `request` from its socket (see above). Answers null, having touched nothing, when the
 * socket cannot be read this way; otherwise settles as readMultipart does. The request must not have been read yet.
 */
export async function readMultipartFromSocket(
  request: IncomingMessage,
  boundary: string,
  handler: MultipartHandler,
  maxBodyBytes: number,
): Promise<void | null> {
  const socket = request.socket as Socket & { parser?: { unconsume?: unknown }; _handle?: StreamHandle; encrypted?: boolean };
  const declared = Number(request.headers['content-length']);
  const usable = () =>
    socket instanceof Socket &&
    !socket.encrypted &&
    typeof socket._handle?.useUserBuffer === 'function' &&
    typeof socket.parser?.unconsume === 'function' &&
    request.headers['transfer-encoding'] === undefined &&
    Number.isSafeInteger(declared) &&
    declared > 0 &&
    declared <= maxBodyBytes &&
    !request.complete &&
    !socket.destroyed;
  if (!usable() || !onreadHooks(socket)) return null;
  // The handler may run inside the HTTP parser's callback for the headers, with body bytes of the same read still to
  // be parsed: after this turn of the event loop they are in the request's buffer.
  await new Promise((resolve) => setImmediate(resolve));
  if (!usable()) return null;
  const hooks = onreadHooks(socket)!;
  const handle = socket._handle!;

  request.pause();
  // Node's HTTP server detaches its parser from a socket as soon as a 'data' listener is added to it (the socket is
  // then read in JavaScript); the reads below go to our callback instead and never become 'data' events.
  socket.on('data', ignore);
  const already: Buffer[] = [];
  let received = 0;
  for (let chunk: Buffer | null; (chunk = request.read() as Buffer | null) !== null;) {
    already.push(chunk);
    received += chunk.length;
  }

  const reader = new MultipartReader(boundary, handler);
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  let target: Buffer = scratch;
  let settled = false;
  /** Inside the socket's read callback. */
  let reading = false;

  return new Promise<void>((resolve, reject) => {
    const stopReading = () => {
      if (handle.reading) {
        handle.reading = false;
        handle.readStop();
      }
    };
    const startReading = () => {
      if (!settled && !feed.busy && !handle.reading) {
        handle.reading = true;
        handle.readStart();
      }
    };
    const settle = () => {
      settled = true;
      feed.stop();
      stopReading();
      socket.off('end', onGone);
      socket.off('close', onGone);
      socket.off('error', onGone);
      // The socket must not read into an upload buffer once it is given back: point it at its own scratch space
      // (within a read callback, Node asks for the next buffer right after it, and gets the scratch space then).
      if (target !== scratch && !reading) {
        target = scratch;
        (socket as unknown as Record<symbol, unknown>)[hooks.buffer] = scratch;
        handle.useUserBuffer!(scratch);
      }
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settle();
      reject(error);
    };
    const finish = () => {
      if (settled) return;
      if (!reader.complete) return fail(cutShort());
      settle();
      reader.waitForSink().then(resolve, reject);
    };
    const feed = new ReaderFeed(reader, {
      // Reading stops by the read callback's answer (below); the stream path pauses its stream instead.
      pause: () => undefined,
      idle: () => (received >= declared ? finish() : startReading()),
      fail,
    });
    /** The next read's destination: the upload's free buffer space when the reader is in the photo's content. */
    const nextTarget = (): Buffer => {
      target = (!settled && !feed.busy && reader.readTarget()) || scratch;
      return target;
    };
    const onRead = (bytes: number, into: Buffer): boolean => {
      if (settled) return false;
      reading = true;
      try {
        return afterRead(bytes, into);
      } finally {
        reading = false;
      }
    };
    const afterRead = (bytes: number, into: Buffer): boolean => {
      // Bytes past the declared length belong to no request of ours: the connection closes after the answer.
      const length = Math.min(bytes, declared - received);
      received += length;
      const chunk = into.subarray(0, length);
      // A chunk that has to wait must not stay in the scratch buffer, which the next read reuses.
      feed.push(feed.busy && into === scratch ? Buffer.from(chunk) : chunk);
      if (received >= declared) {
        if (!feed.busy) finish();
        return false;
      }
      return !feed.busy && !settled;
    };
    const onGone = () => fail(cutShort());

    reader.onSinkFailure = fail;
    socket.on('end', onGone);
    socket.on('close', onGone);
    socket.on('error', onGone);
    const own = socket as unknown as Record<symbol, unknown>;
    own[hooks.callback] = onRead;
    own[hooks.generator] = nextTarget;
    own[hooks.buffer] = scratch;
    handle.useUserBuffer!(scratch);

    for (const chunk of already) feed.push(chunk);
    if (settled || feed.busy) return;
    if (received >= declared) return finish();
    // The first read goes to the scratch buffer; after it, to the upload's buffers.
    startReading();
  });
}

function ignore(): void {}
