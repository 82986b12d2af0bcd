import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { Messages } from '@lingui/core';
import { i18n } from '../lib/i18n';
import { server } from './server';

// Components render in English, with every catalogue loaded (a test that checks Hindi activates it itself).
for (const catalogue of Object.values(import.meta.glob<{ messages: Messages }>('../locales/en/*.po', { eager: true }))) {
  i18n.load('en', catalogue.messages);
}
i18n.activate('en');

// Lazy routes load their module on first render; on a busy machine (two cores shared by the typecheck and both test
// workers) that takes longer than the default 1 s wait, at times over 5 s.
configure({ asyncUtilTimeout: 10_000 });

// No test reaches a real server: msw answers the shop's API with what each test gives it (`mockApi`, `server.use`);
// any other request fails as if the API were down, and is reported.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

// A few tests run in plain Node (`@vitest-environment node`): they have no page to clean.
const hasPage = typeof window !== 'undefined';

afterEach(() => {
  vi.unstubAllGlobals();
  if (!hasPage) return;
  cleanup();
  window.localStorage.clear();
  document.body.style.overflow = '';
});

// jsdom does not implement scrolling; React Router's <ScrollRestoration> calls it on every navigation.
if (hasPage) window.scrollTo = (() => {}) as typeof window.scrollTo;
