/**
 * The print-file job and the console's print routes through the real app: the job runs when an order is paid (in a
 * child process), the download answers 409 until the file is ready and then the file itself, rebuilds, failures,
 * the framed mock-up, and the admin-only access of every route.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mockupLayout, planPrintFile } from '@framewala/domain';
import type { AppContext } from '../src/context';
import { Jobs } from '../src/services/jobs';
import { MOCKUP_BOX_PX } from '../src/services/print/mockup';
import { PRINT_FILE_QUEUE, queuePrintFileForPaidOrder } from '../src/services/print/service';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { paidOrder, signInAdmin, unpaidOrder, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { pickCatalogue, saveAddress, type Catalogue } from './orders-helpers';
import { averageColour, GREY, markedJpeg, near, RED } from './print-fixtures';
import { uploadRequest } from './upload-fixtures';

let t: TestApp;
let client: Client;
let c: Catalogue;
let dataDir: string;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signUpAndIn>>;
/** The customer's crop: the photo's full width at the print's aspect, from the top (red corner included). */
let crop: { id: string; width: number; height: number };

beforeAll(async () => {
  dataDir = await tempDir('framewala-print-files-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  customer = await signUpAndIn(client);
  admin = await signInAdmin(t, client);
  await saveAddress(t, customer.user._id);
  const uploaded = await t.app.inject(uploadRequest(await markedJpeg(1500, 1200, 150), { token: customer.token, claim: null }));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const photoId = uploaded.json<{ _id: string }>()._id;
  const height = Math.round((1500 * c.heightIn) / c.widthIn);
  const cropped = await client.post(`/api/uploads/${photoId}/crop`, { x: 0, y: 0, width: 1500, height }, { token: customer.token });
  expect(cropped.statusCode, cropped.body).toBe(201);
  crop = { id: cropped.json<{ _id: string }>()._id, width: 1500, height };
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface PrintRow {
  status: string;
  storage_key: string | null;
  width_px: number | null;
  height_px: number | null;
  ppi: number | null;
  border_px: number | null;
  attempts: number;
  source_upload_id: string | null;
  source_profile: string | null;
  error: string | null;
}

async function printRow(orderId: string): Promise<PrintRow | undefined> {
  const { rows } = await t.database.pool.query<PrintRow>('SELECT * FROM print_files WHERE order_id = $1', [orderId]);
  return rows[0];
}

const settled = (orderId: string) =>
  waitFor(
    `the print file of ${orderId}`,
    async () => {
      const row = await printRow(orderId);
      return row && (row.status === 'ready' || row.status === 'failed') ? row : undefined;
    },
    140_000,
  );

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const download = (orderId: string, token = admin.token) =>
  t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/print-file`, headers: as(token) });
const rebuild = (orderId: string, token = admin.token, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/print-file`, headers: as(token), ...(payload ? { payload } : {}) });
const mockup = (orderId: string, token = admin.token) =>
  t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/mockup`, headers: as(token) });

function tmpLeftovers(): string[] {
  const dir = path.join(dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('the print file of a paid order', () => {
  let orderId: string;

  it('is made by the job once the order is paid; the download answers 409 until then, then the file', async () => {
    const order = await paidOrder(client, customer.token, c, crop.id);
    orderId = order.orderId;
    const early = await download(orderId);
    expectError(early, 409, 'PRINT_FILE_NOT_READY');

    const row = await settled(orderId);
    expect(row.error).toBeNull();
    expect(row.status).toBe('ready');
    const plan = planPrintFile({
      region: { left: 0, top: 0, width: crop.width, height: crop.height },
      widthIn: c.widthIn,
      heightIn: c.heightIn,
      borderIn: c.borderIn,
    });
    expect(row).toMatchObject({
      width_px: plan.widthPx,
      height_px: plan.heightPx,
      ppi: plan.ppi,
      border_px: plan.borderPx,
      source_upload_id: crop.id,
      attempts: 1,
    });
    expect(row.source_profile).toBe('sRGB (assumed)');

    const res = await download(orderId);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/tiff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${orderId}-print.tif"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'tiff', width: plan.widthPx, height: plan.heightPx, density: plan.ppi });
    // Upright, the crop's red corner at the top left inside the white border, grey at the bottom right.
    const b = plan.borderPx;
    expect(near(await averageColour(res.rawPayload, b + 4, b + 4, 8, 8), RED, 14)).toBe(true);
    expect(near(await averageColour(res.rawPayload, plan.widthPx - b - 12, plan.heightPx - b - 12, 8, 8), GREY, 14)).toBe(true);
    if (b > 2) expect(near(await averageColour(res.rawPayload, 1, 1, 2, 2), { r: 255, g: 255, b: 255 }, 1)).toBe(true);
    expect(tmpLeftovers()).toEqual([]);
  }, 180_000);

  it('is queued once per order however often the payment is reported, and a job for a made file does nothing', async () => {
    const jobs = await Jobs.start(t.database, { info: () => undefined, error: () => undefined }, { workers: false });
    try {
      const ctx = { jobs } as unknown as AppContext;
      await queuePrintFileForPaidOrder(ctx, orderId);
      await queuePrintFileForPaidOrder(ctx, orderId);
      await queuePrintFileForPaidOrder(ctx, orderId);
    } finally {
      await jobs.stop();
    }
    const pending = async () => {
      const { rows } = await t.database.pool.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active')`,
        [PRINT_FILE_QUEUE, orderId],
      );
      return rows;
    };
    expect((await pending()).filter((r) => r.state === 'created').length).toBeLessThanOrEqual(1);
    await waitFor('the repeated job to finish', async () => ((await pending()).length === 0 ? true : undefined), 30_000);
    expect(await printRow(orderId)).toMatchObject({ status: 'ready', attempts: 1 });
  }, 180_000);

  it('is rebuilt on demand as JPEG, replacing the stored file', async () => {
    const before = (await printRow(orderId))!;
    const res = await rebuild(orderId, admin.token, { format: 'jpeg' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().printFile).toMatchObject({ status: 'queued', format: 'jpeg', downloadUrl: null, source: { uploadId: crop.id } });
    expectError(await download(orderId), 409, 'PRINT_FILE_NOT_READY');
    const row = await settled(orderId);
    expect(row.status).toBe('ready');
    expect(row.storage_key).not.toBe(before.storage_key);
    const root = testStorageRoot();
    // The row is marked ready first and the old file deleted right after, so a ready row never names a missing file.
    const oldFile = path.join(root, ...before.storage_key!.split('/'));
    await waitFor('the replaced file to be deleted', async () => (fs.existsSync(oldFile) ? undefined : true), 10_000);
    const res2 = await download(orderId);
    expect(res2.statusCode).toBe(200);
    expect(res2.headers['content-type']).toBe('image/jpeg');
    expect(res2.headers['content-disposition']).toBe(`attachment; filename="${orderId}-print.jpg"`);
    expect((await sharp(res2.rawPayload).metadata()).format).toBe('jpeg');
  }, 180_000);

  it('draws the framed mock-up from the domain geometry, and stores it', async () => {
    const res = await mockup(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const { rows } = await t.database.pool.query<{ line: { widthIn: number; heightIn: number; borderIn: number; mouldingIn: number } }>(
      `SELECT lines->0->'line' AS line FROM orders WHERE id = $1`,
      [orderId],
    );
    const line = rows[0]!.line;
    const layout = mockupLayout({ ...line, maxWidthPx: MOCKUP_BOX_PX, maxHeightPx: MOCKUP_BOX_PX });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([layout.outerWidthPx, layout.outerHeightPx]);
    expect(layout.mouldingPx).toBeGreaterThan(4);
    const inset = layout.mouldingPx + layout.borderPx;
    // The photo's red corner just inside the mat, the mat's colour between moulding and photo, moulding at the edge.
    expect(near(await averageColour(res.rawPayload, inset + 3, inset + 3, 6, 6), RED, 20)).toBe(true);
    if (layout.borderPx >= 6) {
      expect(
        near(
          await averageColour(res.rawPayload, layout.mouldingPx + 2, Math.round(layout.outerHeightPx / 2), 2, 2),
          { r: 0xf8, g: 0xf6, b: 0xf1 },
          6,
        ),
      ).toBe(true);
    }
    const edge = await averageColour(res.rawPayload, 1, Math.round(layout.outerHeightPx / 2), 2, 2);
    expect(near(edge, { r: 0xf8, g: 0xf6, b: 0xf1 }, 20)).toBe(false);
    const again = await mockup(orderId);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });
});

describe('the contract', () => {
  it('describes the print routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/admin/orders/{id}/print-file'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/admin/orders/{id}/mockup'] ?? {})).toEqual(['get']);
  });
});

describe('refusals', () => {
  it('keeps every print route to admins: 401 without a session, 403 for a customer, 404 for an unknown order', async () => {
    const { orderId } = await unpaidOrder(client, customer.token, c, crop.id);
    for (const [method, suffix] of [
      ['GET', 'print-file'],
      ['GET', 'mockup'],
      ['POST', 'print-file'],
    ] as const) {
      const url = (id: string) => `/api/admin/orders/${id}/${suffix}`;
      expectError(await t.app.inject({ method, url: url(orderId) }), 401, 'UNAUTHORIZED');
      expectError(await t.app.inject({ method, url: url(orderId), headers: as(customer.token) }), 403, 'FORBIDDEN');
      expectError(await t.app.inject({ method, url: url('FW-0000-NOSUCH'), headers: as(admin.token) }), 404, 'NOT_FOUND');
    }
    // An unpaid order has no print file: nothing to download, nothing to rebuild.
    expectError(await download(orderId), 409, 'PRINT_FILE_NOT_READY');
    expectError(await rebuild(orderId), 409, 'CONFLICT');
    expect(await printRow(orderId)).toBeUndefined();
    expectError(await rebuild(orderId, admin.token, { format: 'png' }), 400);
  });

  it('marks the file failed when the original is gone, and says so on download', async () => {
    const uploaded = await t.app.inject(uploadRequest(await markedJpeg(1200, 800, 100), { token: customer.token, claim: null }));
    const photoId = uploaded.json<{ _id: string }>()._id;
    const { orderId } = await paidOrder(client, customer.token, c, photoId);
    // The photo's original disappears before the job runs (the job has not started: it polls every 2 s).
    const { rows } = await t.database.pool.query<{ original_key: string }>('SELECT original_key FROM uploads WHERE id = $1', [photoId]);
    fs.rmSync(path.join(testStorageRoot(), ...rows[0]!.original_key.split('/')), { force: true });
    const row = await settled(orderId);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/no longer stored/);
    const res = await download(orderId);
    const body = expectError(res, 409, 'PRINT_FILE_NOT_READY');
    expect(body.status).toBe('failed');
    expect(body.message).toMatch(/could not be made/);
    expect(tmpLeftovers()).toEqual([]);
  }, 180_000);
});

/** createTestApp keeps stored files under the shared storage root (helpers.ts). */
const testStorageRoot = () => inject('storageRoot');
