import { test as base, expect, type TestInfo } from '@playwright/test';
import { createAdmin } from './server';
import { PASSWORD, registerCustomer, uniqueEmail, type Customer } from './shop-api';

export type Owner = { email: string; password: string };

/**
 * The tests' fixtures:
 * - every page is watched: a console error or an uncaught exception fails the test (`consoleErrors`, automatic);
 * - every test is its own visitor on its own network address: its browser and its API requests carry an
 *   `X-Forwarded-For` that no other test uses (serve.mjs trusts it from the loopback proxy), so the per-address rate
 *   limits (sign-ups, sign-ins, uploads) count each test apart, whichever worker runs it and in whatever order;
 * - `customer`: an account registered and signed in through the API (`POST /api/register`, `POST /api/login`), for
 *   tests whose subject is not signing up; `signInBrowser` (pages.ts) hands its session to the page;
 * - `owner`: a shop admin made once per worker with `npm run admin:create`, shared by the tests of that worker.
 */
export const test = base.extend<{ consoleErrors: string[]; customer: Customer }, { owner: Owner }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo) });
  },
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
  customer: async ({ request }, use, testInfo) => {
    await use(await registerCustomer(request, { email: uniqueEmail('customer', testInfo) }));
  },
  owner: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use, workerInfo) => {
      const email = `owner-w${workerInfo.workerIndex}-${Date.now()}@example.com`;
      await createAdmin(email, PASSWORD);
      await use({ email, password: PASSWORD });
    },
    { scope: 'worker' },
  ],
});

export { expect };

let visitors = 0;

/** 10.<worker>.<n>: unique within the run (a worker index is never reused, and each worker counts its tests). */
function visitorAddress(testInfo: TestInfo): string {
  visitors += 1;
  return `10.${testInfo.workerIndex % 256}.${Math.floor(visitors / 256) % 256}.${visitors % 256}`;
}

/**
 * Tag for a test that also runs in the phone project (390 px, touch): `test('title', PHONE, async …)`. Untagged tests
 * run at desktop size only; e2e/README.md says which tests carry it.
 */
export const PHONE = { tag: '@phone' };
