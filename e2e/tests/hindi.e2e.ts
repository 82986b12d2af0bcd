/**
 * The shop in Hindi, as a customer whose phone is set to Hindi meets it: the first visit follows the browser's
 * language, and the whole journey — landing, upload, size, frame, border, summary, sign-up, buyer details, the sandbox
 * payment and /success — reads in Hindi at 390 px. On every screen the page may show Latin letters only for brand
 * names and the customer's own data: the shop's catalogue (frame sets, finishes, borders, their categories and
 * descriptions) shows in the Hindi the shop keeps with it, so any English word left fails the test.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './pages';
import { landscapeJpeg } from './photos';
import { PASSWORD, uniqueEmail } from './shop-api';

test.use({ locale: 'hi-IN', viewport: { width: 390, height: 844 } });

/** Words that stay in Latin letters on a Hindi page (docs/hindi-glossary.md). */
const BRANDS = [
  'Framewala',
  'Razorpay',
  'UPI',
  'PIN',
  'WhatsApp',
  'GST',
  // The price strip's abbreviations, in brackets after their Hindi words: 'फ़्रेम (FSP)'.
  'FSP',
  'WBP',
  'GSTIN',
  'HSN',
  'GDPR',
  'PDF',
  'JPG',
  'JPEG',
  'TIF',
  'TIFF',
  'AI',
  'AR',
  'IST',
];
const BRANDS_OF_PAYMENT = ['Visa', 'Mastercard', 'RuPay', 'Netbanking', 'Wallet'];
const SOCIAL = ['Instagram', 'Facebook', 'YouTube', 'Pinterest', 'LinkedIn'];
/** Unit symbols, written in Latin letters in Hindi as in English (never "in": inches are इंच). */
const UNITS = ['GB', 'MB', 'KB', 'px', 'MP', 'mm', 'cm', 'ppi'];
/** Paper-size standards named in the size table. */
const STANDARDS = ['DIN', 'ISO'];
/** The header's language switch names English in English, so an English reader finds it on a Hindi page. */
const LANGUAGE_NAMES = ['English'];

type Allowed = Set<string>;

/** The Latin words on the page that are not allowed to stay English. */
async function englishLeft(page: Page, allowed: Allowed): Promise<string[]> {
  const text = (await page.locator('body').innerText())
    .replace(/\S+@\S+/g, ' ') // e-mail addresses
    .replace(/\b(FW|pay|order)[-_][A-Za-z0-9-_]+/g, ' '); // order and payment numbers
  const words = text.match(/[A-Za-z][A-Za-z’']+/g) ?? []; // a word of two letters or more ('A4' is a paper size)
  return [...new Set(words.filter((word) => !allowed.has(word.toLowerCase())))];
}

async function screen(page: Page, testInfo: TestInfo, allowed: Allowed, name: string) {
  await shot(page, testInfo, `hindi-${name}`);
  expect(await englishLeft(page, allowed), `English left on the ${name} screen`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} scrolls sideways`).toBe(0);
}

test('a customer whose phone is in Hindi frames a photo and pays, every screen in Hindi', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('hindi', testInfo);
  const allowed: Allowed = new Set(
    [
      ...BRANDS,
      ...BRANDS_OF_PAYMENT,
      ...SOCIAL,
      ...UNITS,
      ...STANDARDS,
      ...LANGUAGE_NAMES,
      'Asha',
      'Verma',
      'diwali',
      'jpg',
      'Residency',
      'Road',
      'Cross',
      'nd',
    ].map((word) => word.toLowerCase()),
  );

  // The first visit follows the browser's language: Hindi, with no address parameter and no cookie.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
  await screen(page, testInfo, allowed, 'landing');

  // Upload through the Upload Photos dialog.
  await page.getByRole('button', { name: 'फ़्रेम बनवाना शुरू करें' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'फ़ोटो अपलोड करें' });
  await expect(dialog).toBeVisible();
  await screen(page, testInfo, allowed, 'upload');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('upload-drop-zone').click();
  await (await chooser).setFiles({ name: 'diwali.jpg', mimeType: 'image/jpeg', buffer: await landscapeJpeg() });
  await expect(page.getByTestId('upload-preview')).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
  await screen(page, testInfo, allowed, 'uploaded');
  await dialog.getByRole('button', { name: 'हो गया' }).click();

  // The editor: a preset size, a frame, a white border, the summary.
  await expect(page).toHaveURL(/\/edit-photo\?step=options$/);
  await screen(page, testInfo, allowed, 'editor');
  await page.getByRole('button', { name: /^फ़ोटो साइज़/ }).click();
  await page
    .getByRole('table')
    .getByRole('button', { name: /^12 × 8 इंच/ })
    .click();
  await screen(page, testInfo, allowed, 'size');
  await page.getByRole('button', { name: /अगला: फ़्रेम चुनें/ }).click();
  await page.getByRole('list', { name: 'फ़्रेम सेट' }).getByRole('button').first().click();
  await page.getByTestId('finish-tiles').getByRole('button').first().click();
  await screen(page, testInfo, allowed, 'frame');
  await page.getByRole('button', { name: /अगला: मोटिफ़ साइज़ चुनें/ }).click();
  await page.getByRole('list', { name: 'सफ़ेद बॉर्डर' }).getByRole('button').nth(2).click();
  await screen(page, testInfo, allowed, 'border');
  await page.getByRole('button', { name: /अगला: पूरा करें/ }).click();
  await expect(page.getByTestId('framed-preview')).toHaveAttribute('aria-label', /12 × 8 इंच/);
  await page.getByLabel('डिलीवरी पिनकोड').fill('560001');
  await expect(page.getByTestId('delivery-estimate')).toContainText('के बीच पहुँचेगा');
  await screen(page, testInfo, allowed, 'summary');
  await page.getByRole('button', { name: 'चेकआउट करें' }).click();

  // Not signed in: sign in → create an account → buyer details.
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
  await screen(page, testInfo, allowed, 'sign-in');
  await page
    .getByRole('main')
    .getByRole('link', { name: /खाता बनाएँ/ })
    .click();
  await page.getByLabel('पहला नाम').fill('Asha');
  await page.getByLabel('उपनाम').fill('Verma');
  await page.getByLabel('ई-मेल').fill(email);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(PASSWORD);
  await page.getByLabel('पासवर्ड दोबारा डालें').fill(PASSWORD);
  await page.getByLabel('मोबाइल नंबर').fill('98765 43210');
  await screen(page, testInfo, allowed, 'sign-up');
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const form = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'ख़रीदार की जानकारी' })).toBeVisible();
  await form.getByLabel(/^पता लाइन 1/).fill('14, 2nd Cross, Residency Road');
  await form.getByLabel(/^पिनकोड/).fill('560001');
  // The state found from the pincode shows in Hindi (the address keeps the name the server expects: see below).
  await expect(form.getByLabel(/^राज्य/)).toHaveValue('कर्नाटक');
  const city = await form.getByLabel(/^शहर/).inputValue();
  for (const word of city.match(/[A-Za-z]+/g) ?? []) allowed.add(word.toLowerCase()); // the city from India Post's directory
  await screen(page, testInfo, allowed, 'buyer-details');
  await form.getByRole('button', { name: 'अगला' }).click();

  // The payment step and the sandbox payment.
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByTestId('arrives-by')).toContainText('के बीच पहुँचेगा');
  await screen(page, testInfo, allowed, 'checkout');
  await page.getByRole('button', { name: 'भुगतान करें' }).click();
  const sandbox = page.getByRole('dialog', { name: 'टेस्ट भुगतान — सैंडबॉक्स' });
  await expect(sandbox).toBeVisible();
  await screen(page, testInfo, allowed, 'sandbox');
  await sandbox.getByRole('button', { name: /भुगतान करें/ }).click();

  await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Asha Verma');
  await screen(page, testInfo, allowed, 'success');

  // The account remembers the language (its e-mails come in Hindi), and the address keeps the state's own name.
  const token = await page.evaluate(() => localStorage.getItem('framewala.token'));
  const user = (await (await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    user: { locale: string; address: { state: string } | null };
  };
  expect(user.user.locale).toBe('hi');
  expect(user.user.address?.state).toBe('Karnataka');
});

test('the language switch changes the page without a reload, and the choice outlives the visit', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page
    .getByRole('button', { name: 'Menu' })
    .or(page.getByRole('button', { name: 'मेन्यू' }))
    .click();
  await page.getByRole('button', { name: 'View in English' }).filter({ visible: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Framewala');

  // A new visit (the server reads the remembered choice over the browser's Hindi) and a shared Hindi link.
  await page.goto('/shipping-policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.goto('/hi/shipping-policy');
  await expect(page).toHaveURL(/\/shipping-policy\?lang=hi$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
});
