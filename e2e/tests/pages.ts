/** Steps in the browser that several tests take, and checks that several tests make. */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { Customer, Upload } from './shop-api';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';
/** Screenshots are for people, not for the verdict: taken only when asked for (about half a second of CPU each). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * A screenshot for people to look at, `<SCREENSHOT_DIR>/<name>-<project>.png`, when the run is asked for them
 * (`E2E_SCREENSHOTS=1`). A full-page shot is taken from the top, with nothing focused or hovered (a scrolled
 * full-page shot paints the sticky header mid-page); toasts are left out of the picture instead of waited for.
 */
export async function shot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true, animations }: { fullPage?: boolean; animations?: 'disabled' } = {},
) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  if (fullPage) {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await page.mouse.move(0, 0);
  }
  // Hidden through the CSSOM: the shop's Content-Security-Policy refuses an injected style sheet.
  const toasts = page.getByTestId('toast');
  await toasts.evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.visibility = 'hidden')));
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage, animations });
  await toasts.evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.visibility = '')));
}

/**
 * Writes the shop's browser storage (localStorage of its origin) before the app starts: on a blank page it first
 * opens a plain JSON answer of the server, which has the shop's origin but runs none of the app.
 */
export async function setStorage(page: Page, items: Record<string, string>) {
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

/** Hands a session made through the API to the browser, where the web app keeps it (lib/auth.ts). */
export function signInBrowser(page: Page, customer: Pick<Customer, 'token' | 'user'>) {
  return setStorage(page, { 'framewala.token': customer.token, 'framewala.user': JSON.stringify(customer.user) });
}

/** Starts an order with an uploaded photo, as Done in the Upload Photos dialog does (with the claim it uploaded with). */
export function startOrder(
  page: Page,
  photo: Upload | Record<string, unknown>,
  { claim, ...order }: { claim?: string } & Record<string, unknown> = {},
) {
  return setStorage(page, {
    ...(claim ? { 'framewala.claim': claim } : {}),
    'framewala.order': JSON.stringify({ photo, ...order }),
  });
}

export const stepHeading = (page: Page) => page.locator('#editor-step-heading');

/** The editor, from /edit-photo: 12x8 in, Classic Walnut, the n-th white border (none chosen if null), the summary. */
export async function frameInEditor(page: Page, { border = 2 as number | null } = {}) {
  await page.goto('/edit-photo');
  await page.getByRole('button', { name: /^Image Sizes/ }).click();
  await page
    .getByRole('table')
    .getByRole('button', { name: /^12x8 in/ })
    .click();
  await page.getByRole('button', { name: /Next: Select Frame/ }).click();
  await expect(stepHeading(page)).toHaveText('Pick your frame design');
  await page
    .getByRole('list', { name: 'Frame sets' })
    .getByRole('button', { name: /^Classic, 1 in moulding/ })
    .click();
  await page.getByRole('button', { name: 'Walnut' }).click();
  await page.getByRole('button', { name: /Next: Select Motif Size/ }).click();
  if (border !== null) await page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(border).click();
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
}

/** Fills the Create Account form (the caller submits it). */
export async function fillSignUp(
  page: Page,
  { firstName = 'Asha', lastName = 'Verma', email, password }: { firstName?: string; lastName?: string; email: string; password: string },
) {
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Mobile Number').fill('98765 43210');
}

/** Signs in on the sign-in page the browser is on. */
export async function fillSignIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Sign in$/i }).click();
}

/** Buyer details: the Bengaluru address (the pincode fills the city and the state), then Next. */
export async function fillBengaluruAddressAndGoOn(page: Page) {
  const form = page.getByRole('main');
  await form.getByLabel(/^Address Line 1/).fill('14, 2nd Cross, Residency Road');
  await form.getByLabel(/^Pincode/).fill('560001');
  await expect(form.getByLabel(/^State/)).toHaveValue('Karnataka');
  await form.getByRole('button', { name: 'Next' }).click();
}

/**
 * axe-core with its default rules; fails on any violation of impact serious or critical, naming the elements. Only
 * violations are collected (axe then skips making selectors for the elements that pass), and on a page without frames
 * axe runs in the page itself instead of gathering its results in an extra blank page (AxeBuilder's legacy mode, which
 * leaves out only frames): the same violations for half the work.
 */
export async function expectAccessible(page: Page, where: string) {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (page.frames().length === 1 ? axe.setLegacyMode(true) : axe).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** The pixels the page is wider than the window (0 when nothing scrolls sideways). */
export const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export async function expectNoSideScroll(page: Page) {
  expect(await sideScroll(page), 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** ₹1,23,456.00: the shop's own rupee format (Indian digit grouping, two decimals). */
export const inr = (rupees: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupees);
export const rupeesOf = (text: string) => Number(text.replace(/[₹,\s−-]/g, ''));
