/**
 * The shop's HTTP API as the tests use it to set up what a test is not about: customers and their sessions, saved
 * addresses, uploaded photos, paid orders, coupons. Every call checks its status, so a broken set-up fails where it
 * happens.
 */
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type TestInfo } from '@playwright/test';
import { landscapeJpeg } from './photos';

export const PASSWORD = 'marigold-lamp-42';

export type Json = Record<string, unknown>;

export type SessionUser = Json & { _id: string; firstName: string; lastName: string };

export type Customer = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  user: SessionUser;
  /** `Authorization: Bearer …` for the API. */
  auth: { authorization: string };
};

export type Upload = {
  _id: string;
  url: string;
  width: number;
  height: number;
  imageType: string;
  parentId: string | null;
  crop: unknown;
};

/** An e-mail address no other test (or run) uses. */
export function uniqueEmail(label: string, testInfo: TestInfo): string {
  return `${label}-${testInfo.project.name}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A fresh upload claim, as the browser makes one for its anonymous uploads. */
export const newClaim = () => randomBytes(32).toString('base64url');

export async function json<T = Json>(res: APIResponse, status: number): Promise<T> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

export async function login(request: APIRequestContext, email: string, password = PASSWORD) {
  const body = await json<{ token: string; user: SessionUser }>(
    await request.post('/api/login', { data: { userName: email, password } }),
    200,
  );
  return { token: body.token, user: body.user };
}

/** Registers an account (`POST /api/register`) and signs it in (`POST /api/login`). */
export async function registerCustomer(
  request: APIRequestContext,
  {
    email,
    firstName = 'Asha',
    lastName = 'Verma',
    mobile = '9876543210',
  }: { email: string; firstName?: string; lastName?: string; mobile?: string },
): Promise<Customer> {
  await json(await request.post('/api/register', { data: { firstName, lastName, email, password: PASSWORD, mobile } }), 201);
  const { token, user } = await login(request, email);
  return { email, password: PASSWORD, firstName, lastName, token, user, auth: { authorization: `Bearer ${token}` } };
}

/** The Bengaluru address (pincode 560001, a metro) most tests ship to. */
export const BENGALURU = {
  addressLine1: '14, 2nd Cross, Residency Road',
  city: 'Bangalore',
  state: 'Karnataka',
  postalCode: '560001',
};

/** Saves the customer's address (`POST /api/add-address`): Bengaluru unless told otherwise. */
export async function saveAddress(request: APIRequestContext, customer: Customer, extra: Json = {}) {
  await json(
    await request.post('/api/add-address', {
      headers: customer.auth,
      data: {
        userId: customer.user._id,
        address: {
          fullName: `${customer.firstName} ${customer.lastName}`,
          phone: '+919876543210',
          email: customer.email,
          ...BENGALURU,
          ...extra,
        },
      },
    }),
    200,
  );
}

/**
 * Uploads a photo through `POST /api/upload-image`: anonymously with a browser's claim (as the Upload Photos dialog
 * does before sign-in), or as a signed-in customer. A 3000 × 2000 landscape unless a file is given.
 */
export async function uploadPhoto(
  request: APIRequestContext,
  who: { claim: string } | Customer,
  file?: { buffer: Buffer; name?: string },
): Promise<Upload> {
  const headers = 'claim' in who ? { 'X-Upload-Claim': who.claim } : who.auth;
  const buffer = file?.buffer ?? (await landscapeJpeg());
  const res = await request.post('/api/upload-image', {
    headers,
    multipart: { image: { name: file?.name ?? 'holiday.jpg', mimeType: 'image/jpeg', buffer } },
  });
  return json<Upload>(res, 201);
}

/**
 * A paid order made through the API as the browser would make it: the customer (with a saved address) orders the
 * upload at 12x8 in, in the first finish of the first frame set, with the level-2 white border, and pays in the sandbox.
 */
export async function paidOrder(request: APIRequestContext, customer: Customer, upload: Upload) {
  const auth = customer.auth;
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
      headers: { ...auth, 'Idempotency-Key': `e2e-${randomBytes(8).toString('hex')}` },
      data: { ...body, amount: mismatch.amount },
    }),
    201,
  );
  const paid = await json(
    await request.post('/api/sandbox/pay', { headers: auth, data: { razorpay_order_id: created.id, card: 'success' } }),
    200,
  );
  await json(await request.post('/api/verify-payment', { headers: auth, data: paid }), 200);
  return { orderNumber: created.orderId as string, amountPaise: mismatch.amount as number };
}

/** The catalogue's ids for a line: the 12x8 in preset, the Walnut finish of the Classic set, the white borders' inches. */
export async function catalogueIds(request: APIRequestContext) {
  const groups = (await json(await request.post('/api/get-price-and-size', { data: { imageType: 'landscape' } }), 200)).getSizes as {
    sizes: { _id: string; sizeName: string }[];
  }[];
  const sets = (await json(await request.get('/api/get-frame'), 200)).getFrameSize as {
    frameName: string;
    frames: { _id: string; frameName: string }[];
  }[];
  const borders = (await json(await request.get('/api/get-motif-border-sizes'), 200)).getMotifBorderSizes as { size: number }[];
  const classic = sets.find((set) => set.frameName === 'Classic')!;
  return {
    size12x8: groups.flatMap((g) => g.sizes).find((s) => s.sizeName === '12x8')!._id,
    walnut: classic.frames.find((frame) => frame.frameName === 'Walnut')!._id,
    borderInches: borders.map((border) => border.size),
  };
}

/**
 * Puts a line in the customer's saved cart (`POST /api/cart/lines`): a preset size by id, or a custom size
 * (`sizeId: null` with `customWidth` × `customHeight` inches, width first as the customer chose it).
 */
export async function addCartLine(
  request: APIRequestContext,
  customer: Customer,
  line: {
    uploadId: string;
    sizeId: string | null;
    customWidth?: number;
    customHeight?: number;
    selectedFrame: string;
    selectedMotifBorder: number;
    quantity: number;
  },
) {
  return json<{ line: Json; cart: Json }>(await request.post('/api/cart/lines', { headers: customer.auth, data: line }), 201);
}

/** A coupon code made by the owner (`POST /api/admin/coupons`): `rupees` off the frames, once per customer. */
export async function makeCoupon(request: APIRequestContext, owner: { email: string; password: string }, code: string, rupees: number) {
  const { token } = await login(request, owner.email, owner.password);
  await json(
    await request.post('/api/admin/coupons', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        code,
        kind: 'flat',
        value: rupees * 100,
        minSubtotalPaise: 0,
        validFrom: null,
        validTo: null,
        totalUses: 10,
        perCustomer: 1,
        firstOrderOnly: false,
        active: true,
        discountsShipping: false,
      },
    }),
    201,
  );
}
