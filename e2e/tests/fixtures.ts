import { test as base, expect } from '@playwright/test';

/** Every page is watched: a console error or an uncaught exception fails the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Tag for a test that also runs in the phone project (390 px, touch): `test('title', PHONE, async …)`. Untagged tests
 * run at desktop size only; e2e/README.md says which tests carry it.
 */
export const PHONE = { tag: '@phone' };
