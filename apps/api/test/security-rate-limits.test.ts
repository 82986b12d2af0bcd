import fs from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_RATE_LIMITS } from '../src/services/rate-limit';
import { LocalStorage } from '../src/services/storage';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { orderBody, pickCatalogue, saveAddress, uploadPhoto, newKey, type Catalogue } from './orders-helpers';
import { expectNoTempFiles, newClaim, plainJpeg, uploadDirs, uploadRequest, uploadTestConfig } from './upload-fixtures';
import { DEFAULT_UPLOAD_SLOTS } from '../src/services/uploads/upload-slots';

// The limits under test are the real defaults (120 uploads, 120 crops, 30 orders per 10 minutes): the requests that
// fill a window are cheap refusals (a body that is not a photo, a crop outside the photo, a wrong amount), which
// count like any other attempt; the one after them is valid and must still get 429.
let t: TestApp;
let client: Client;
let dataDir: string;
let catalogue: Catalogue;
let jpeg: Buffer;

beforeAll(async () => {
  dataDir = await tempDir('framewala-rate-limits-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
  });
  client = new Client(t.app);
  catalogue = await pickCatalogue(t);
  jpeg = await plainJpeg(900, 720);
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

function expectLimited(res: LightMyRequestResponse, message: RegExp) {
  const body = expectError(res, 429, 'RATE_LIMITED');
  expect(body.message).toMatch(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(body.retryAfterSeconds).toBe(retryAfter);
}

const notAPhoto = (auth: { token?: string; claim?: string }, ip: string) =>
  client.inject({
    ...uploadRequest(Buffer.from('this is not a photo at all, just text'), { token: auth.token, claim: auth.claim ?? null }),
    remoteAddress: ip,
  });

const realUpload = (auth: { token?: string; claim?: string }, ip: string) =>
  client.inject({ ...uploadRequest(jpeg, { token: auth.token, claim: auth.claim ?? null }), remoteAddress: ip });

/** Runs `count` requests, 20 at a time, and returns their statuses. */
/** Sends `count` requests, a few at a time: no more at once than the open uploads one account may have. */
async function fill(count: number, send: (i: number) => Promise<LightMyRequestResponse>): Promise<number[]> {
  const statuses: number[] = [];
  const atOnce = DEFAULT_UPLOAD_SLOTS.perAccount;
  for (let start = 0; start < count; start += atOnce) {
    const batch = await Promise.all(Array.from({ length: Math.min(atOnce, count - start) }, (_, j) => send(start + j)));
    statuses.push(...batch.map((r) => r.statusCode));
  }
  return statuses;
}

async function countRows(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(sql, params);
  return Number(rows[0]!.n);
}

describe('rate limits on uploads, crops and orders', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_SHOP_RATE_LIMITS).toEqual({
      uploadPerAccount: { limit: 120, windowSeconds: 600 },
      cropPerAccount: { limit: 120, windowSeconds: 600 },
      createOrderPerAccount: { limit: 30, windowSeconds: 600 },
      arModelPerAccount: { limit: 120, windowSeconds: 600 },
    });
  });

  it('refuses the 121st upload of an account within 10 minutes with 429 and Retry-After, storing nothing', async () => {
    const asha = await signUpAndIn(client, {}, '10.1.0.1');
    const ravi = await signUpAndIn(client, {}, '10.1.0.1');
    expect(new Set(await fill(120, (i) => notAPhoto({ token: asha.token }, `10.1.1.${i}`)))).toEqual(new Set([415]));
    // The same account from any address is over its limit, and a real photo is refused before it is read.
    const refused = await realUpload({ token: asha.token }, '10.1.2.1');
    expectLimited(refused, /Too many photos/);
    expect(await countRows('SELECT count(*) AS n FROM uploads WHERE owner_user_id = $1', [asha.user._id])).toBe(0);
    await expectNoTempFiles(dataDir);
    // Another account on the same address is not affected.
    expect((await realUpload({ token: ravi.token }, '10.1.1.1')).statusCode).toBe(201);
  });

  it('counts anonymous uploads per IP address, whatever claim they send', async () => {
    const ip = '10.2.0.1';
    expect(new Set(await fill(120, () => notAPhoto({ claim: newClaim() }, ip)))).toEqual(new Set([415]));
    const claim = newClaim();
    expectLimited(await realUpload({ claim }, ip), /Too many photos/);
    expect((await realUpload({ claim }, '10.2.0.2')).statusCode).toBe(201);
  });

  it('refuses the 121st crop of an account within 10 minutes', async () => {
    const asha = await signUpAndIn(client, {}, '10.3.0.1');
    const photo = await uploadPhoto(t, asha.token);
    const crop = (rect: object) => client.post(`/api/uploads/${photo}/crop`, rect, { token: asha.token, ip: '10.3.0.2' });
    expect(new Set(await fill(120, () => crop({ x: 0, y: 0, width: 5000, height: 5000 })))).toEqual(new Set([422]));
    const before = await countRows('SELECT count(*) AS n FROM uploads WHERE parent_id = $1', [photo]);
    expectLimited(await crop({ x: 0, y: 0, width: 400, height: 300 }), /Too many crops/);
    expect(await countRows('SELECT count(*) AS n FROM uploads WHERE parent_id = $1', [photo])).toBe(before);
    // Uploads and crops are counted apart: the account can still upload.
    expect((await realUpload({ token: asha.token }, '10.3.0.2')).statusCode).toBe(201);
  });

  it('refuses the 31st create-order of an account within 10 minutes, creating no order', async () => {
    const asha = await signUpAndIn(client, {}, '10.4.0.1');
    const ravi = await signUpAndIn(client, {}, '10.4.0.1');
    for (const who of [asha, ravi]) await saveAddress(t, who.user._id);
    const photo = await uploadPhoto(t, asha.token);
    const order = (token: string, uploadId: string, overrides: Record<string, unknown> = {}) =>
      client.post('/api/create-order', orderBody(catalogue, uploadId, overrides), {
        token,
        headers: { 'idempotency-key': newKey() },
        ip: '10.4.0.2',
      });
    const first = await order(asha.token, photo);
    expect(first.statusCode, first.body).toBe(201);
    for (let i = 1; i < 30; i += 1) expect((await order(asha.token, photo, { amount: 1 })).statusCode).toBe(409); // PRICE_MISMATCH
    expectLimited(await order(asha.token, photo), /Too many orders/);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE user_id = $1', [asha.user._id])).toBe(1);
    // Another customer is not affected.
    expect((await order(ravi.token, await uploadPhoto(t, ravi.token))).statusCode).toBe(201);
  });

  it('counts only signed-in orders: an anonymous create-order is 401, not counted against an address', async () => {
    for (let i = 0; i < 35; i += 1) {
      const res = await client.post('/api/create-order', orderBody(catalogue, 'x'), { ip: '10.5.0.1' });
      expectError(res, 401, 'UNAUTHORIZED');
    }
  });
});
