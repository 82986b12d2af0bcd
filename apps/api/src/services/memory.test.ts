import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectGarbageSoon } from './memory';

const realGc = (globalThis as { gc?: unknown }).gc;
afterEach(() => {
  (globalThis as { gc?: unknown }).gc = realGc;
});

describe('collectGarbageSoon', () => {
  it('starts a concurrent full collection when the process exposes gc', () => {
    const gc = vi.fn(() => Promise.resolve());
    (globalThis as { gc?: unknown }).gc = gc;
    collectGarbageSoon();
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
  });

  it('does nothing without --expose-gc, and a failing collection is not an unhandled rejection', async () => {
    (globalThis as { gc?: unknown }).gc = undefined;
    expect(() => collectGarbageSoon()).not.toThrow();
    const failing = vi.fn(() => Promise.reject(new Error('no')));
    (globalThis as { gc?: unknown }).gc = failing;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    collectGarbageSoon();
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(failing).toHaveBeenCalledOnce();
    expect(unhandled).not.toHaveBeenCalled();
  });
});
