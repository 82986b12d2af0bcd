import fs from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { createAdmin } from './admin-account';
import { expect, test } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';
const PASSWORD = 'marigold-lamp-42';

type Json = Record<string, unknown>;

async function json(res: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<Json> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Json;
}

async function login(request: APIRequestContext, email: string) {
  const body = await json(await request.post('/api/login', { data: { userName: email, password: PASSWORD } }), 200);
  return { token: body.token as string, user: body.user as Json };
}

/** A 3000 × 2000 landscape JPEG drawn here. */
async function landscapeJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <rect width="100%" height="100%" fill="#f0a35e"/><circle cx="2000" cy="900" r="220" fill="#fff3c4"/>
    <path d="M0 1300 Q 800 1000 1500 1300 T 3000 1200 V 2000 H 0 Z" fill="#35503c"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * A customer with a paid order, made through the API as the browser would: register, sign in, save an address,
 * upload a photo, create the order (12x8, the first finish, the level-2 border) and pay it in the sandbox.
 */
async function paidOrder(request: APIRequestContext, email: string) {
  await json(
    await request.post('/api/register', {
      data: { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD, mobile: '9876543210' },
    }),
    201,
  );
  const { token, user } = await login(request, email);
  const auth = { Authorization: `Bearer ${token}` };
  const pinRes = await request.get('/api/pincode/560001');
  expect(pinRes.status()).toBe(200);
  const office = ((await pinRes.json()) as { PostOffice: { District: string; State: string }[] }[])[0]!.PostOffice[0]!;
  await json(
    await request.post('/api/add-address', {
      headers: auth,
      data: {
        userId: user._id,
        address: {
          fullName: 'Asha Verma',
          phone: '+919876543210',
          email,
          addressLine1: '14, 2nd Cross, Residency Road',
          city: office.District,
          state: office.State,
          postalCode: '560001',
        },
      },
    }),
    200,
  );
  const upload = await json(
    await request.post('/api/upload-image', {
      headers: auth,
      multipart: { image: { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await landscapeJpeg() } },
    }),
    201,
  );
  const sizes = (await json(await request.post('/api/get-price-and-size', { data: { imageType: 'landscape' } }), 200)).getSizes as {
    sizes: { _id: string; sizeName: string }[];
  }[];
  const size = sizes.flatMap((g) => g.sizes).find((s) => s.sizeName === '12x8')!;
  const sets = (await json(await request.get('/api/get-frame'), 200)).getFrameSize as { frames: { _id: string }[] }[];
  const borders = (await json(await request.get('/api/get-motif-border-sizes'), 200)).getMotifBorderSizes as { size: number }[];
  const body = {
    amount: 1,
    currency: 'INR',
    image_url: '',
    selectedFrame: sets[0]!.frames[0]!._id,
    selectedSize: '12x8',
    selectedFrameInches: 1,
    selectedMotifBorder: borders[2]!.size,
    customSize: 0,
    quantity: 1,
    uploadId: upload._id,
    sizeId: size._id,
  };
  // The server prices the order: the first answer says the amount (409 PRICE_MISMATCH), the second creates it.
  const mismatch = await json(await request.post('/api/create-order', { headers: auth, data: body }), 409);
  const created = await json(
    await request.post('/api/create-order', {
      headers: { ...auth, 'Idempotency-Key': `e2e-admin-${Date.now()}` },
      data: { ...body, amount: mismatch.amount },
    }),
    201,
  );
  const paid = await json(
    await request.post('/api/sandbox/pay', { headers: auth, data: { razorpay_order_id: created.id, card: 'success' } }),
    200,
  );
  await json(await request.post('/api/verify-payment', { headers: auth, data: paid }), 200);
  return { orderNumber: created.orderId as string, amountPaise: mismatch.amount as number, token, user };
}

async function signInInBrowser(page: Page, session: { token: string; user: Json }) {
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('framewala.token', token);
      localStorage.setItem('framewala.user', JSON.stringify(user));
    },
    [session.token, session.user] as const,
  );
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/admin-${name}-${testInfo.project.name}.png`, fullPage: true });
}

test('admin: finds a paid order, downloads its print file, ships it; the customer sees shipped with the tracking number', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const customer = await paidOrder(request, `buyer-${stamp}@example.com`);
  const adminEmail = `owner-${stamp}@example.com`;
  await createAdmin(adminEmail, PASSWORD);

  // A customer is turned away from the console.
  await page.goto('/');
  await signInInBrowser(page, customer);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The shop console is for Framewala’s staff only.')).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  // The owner signs in through the sign-in page and comes back to /admin.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin$/);
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // Find it: paid orders, searched by the customer's e-mail.
  const main = page.getByRole('main');
  await main.getByLabel('Status').selectOption('paid');
  await main.getByLabel('Search').fill(`buyer-${stamp}`);
  await main.getByRole('button', { name: 'Search' }).click();
  const row = main.getByRole('list', { name: 'Orders' }).getByRole('link', { name: new RegExp(customer.orderNumber) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(`buyer-${stamp}@example.com`);
  await expect(main.getByRole('list', { name: 'Orders' }).getByRole('link')).toHaveCount(1);
  await shot(page, testInfo, 'orders');
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/admin/orders/${customer.orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${customer.orderNumber}` })).toBeVisible();
  await expect(main.getByTestId('admin-address')).toContainText('14, 2nd Cross, Residency Road');
  await expect(main.getByTestId('admin-mockup')).toBeVisible({ timeout: 30_000 });
  // The server's mock-up, fetched with the token and painted: a real picture, not an empty canvas.
  await expect(main.getByRole('img', { name: /^Mock-up: 12x8 in/ })).toBeVisible();
  expect(Number(await main.getByTestId('admin-mockup').getAttribute('width'))).toBeGreaterThan(100);
  // The print file is made by a background job after payment; the page polls until it is ready.
  await expect(main.getByTestId('print-file-status')).toHaveText('Ready', { timeout: 90_000 });
  // The 3000 × 2000 photo has 250 ppi at 12 × 8 in (less than 300), so the print uses all of its pixels.
  const printFacts = main.getByRole('region', { name: 'Print-ready file' });
  await expect(printFacts).toContainText('250 ppi');

  const downloadPromise = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Download print file' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${customer.orderNumber}-print\\.(tif|jpg)$`));
  const file = fs.readFileSync(await download.path());
  const meta = await sharp(file).metadata();
  // The photo's 3000 × 2000 px plus the same white margin on every side.
  const margin = (meta.width! - 3000) / 2;
  expect(margin).toBeGreaterThan(0);
  expect(meta.height! - 2000).toBe(2 * margin);

  // Move it along: into production, then shipped with a carrier and tracking number.
  await main.getByRole('button', { name: 'Start production' }).click();
  await main.getByRole('button', { name: /^Confirm/ }).click();
  await expect(main.getByRole('button', { name: 'Mark shipped…' })).toBeVisible();
  await main.getByRole('button', { name: 'Mark shipped…' }).click();
  const shipForm = main.getByRole('form', { name: 'Ship this order' });
  await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(shipForm.getByText('Enter the tracking number.')).toBeVisible();
  await shipForm.getByLabel(/Carrier/).fill('India Post');
  await shipForm.getByLabel(/Tracking number/).fill('EE123456789IN');
  await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(main.getByTestId('admin-tracking')).toHaveText('EE123456789IN');
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Shipped');
  await shot(page, testInfo, 'order');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(main.getByTestId('catalogue-notice')).toContainText('Changes apply to new orders only.');
  await expect(main.getByRole('region', { name: 'White borders' })).toBeVisible();
  await shot(page, testInfo, 'catalogue');

  // The customer's profile and order page show it shipped, with the tracking number.
  await page.evaluate(() => localStorage.clear());
  await signInInBrowser(page, customer);
  await page.goto('/user');
  const history = page.getByRole('region', { name: 'Order history' });
  // A table row on a wide screen, a card on a phone.
  const customerRow = history.locator('tr, li').filter({ hasText: customer.orderNumber, visible: true });
  await expect(customerRow).toContainText('Shipped');
  await expect(customerRow).toContainText('Tracking EE123456789IN (India Post)');
  await customerRow.getByRole('link', { name: customer.orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${customer.orderNumber}$`));
  await expect(main.getByTestId('order-status')).toHaveText('Shipped');
  await expect(main.getByTestId('order-tracking')).toContainText('EE123456789IN');
  await expect(main.getByTestId('order-tracking')).toContainText('India Post');
  await shot(page, testInfo, 'customer-order');
});
