/**
 * The web tests run in VM contexts (Vitest's `vmForks` pool) whose global object is jsdom's window, which lacks the
 * WHATWG stream classes that Node has and msw needs. They are given Node's own, before anything imports msw.
 */
import * as streams from 'node:stream/web';

const names = ['ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoderStream', 'TextDecoderStream'] as const;
for (const name of names) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: streams[name], writable: true, configurable: true });
}
