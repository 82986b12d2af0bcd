/**
 * Enhance and AI upscaling through the real app: each makes a derived upload (parentId) in a background job, with the
 * right size; crop and enhance compose in either order; other people's photos answer 404, results over the limits
 * 422; and the print file of an order is made from the enhanced pixels.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { planPrintFile, type Upload } from '@framewala/domain';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { paidOrder, signInAdmin, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { pickCatalogue, saveAddress, type Catalogue } from './orders-helpers';
import { averageColour, markedJpeg, near, RED } from './print-fixtures';
import { plainJpeg, uploadRequest } from './upload-fixtures';

let t: TestApp;
let client: Client;
let dataDir: string;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
let stranger: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  dataDir = await tempDir('framewala-enhance-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  client = new Client(t.app);
  customer = await signUpAndIn(client);
  stranger = await signUpAndIn(client);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(jpeg: Buffer, token = customer.token): Promise<Upload> {
  const res = await t.app.inject(uploadRequest(jpeg, { token, claim: null }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Upload>();
}

const enhance = (id: string, body: object, token = customer.token) => client.post(`/api/uploads/${id}/enhance`, body, { token });

async function settled(id: string): Promise<Upload> {
  return waitFor(
    `upload ${id}`,
    async () => {
      const res = await client.get(`/api/uploads/${id}`, { token: customer.token });
      const body = res.json<Upload>();
      return body.status === 'processing' ? undefined : body;
    },
    120_000,
  );
}

/** The stored original of an upload, read from the test storage. */
async function originalOf(id: string): Promise<Buffer> {
  const { rows } = await t.database.pool.query<{ original_key: string }>('SELECT original_key FROM uploads WHERE id = $1', [id]);
  return fs.promises.readFile(path.join(inject('storageRoot'), rows[0]!.original_key));
}

/** A flat, warm, low-contrast photo: a gradient from 110 to 150 with red lifted. */
async function dullJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = 110 + Math.round((40 * x) / width);
      const i = (y * width + x) * 3;
      raw[i] = v + 25;
      raw[i + 1] = v;
      raw[i + 2] = v - 10;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('POST /api/uploads/:id/enhance', () => {
  it('auto-enhance makes a derived upload of the same size, processing until its job is done, with livelier pixels', async () => {
    const photo = await upload(await dullJpeg(800, 700));
    const res = await enhance(photo._id, { auto: { strength: 100 } });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Upload>();
    expect(made).toMatchObject({
      parentId: photo._id,
      width: 800,
      height: 700,
      status: 'processing',
      url: null,
      crop: null,
      enhancement: { strength: 100, upscale: null },
    });
    expect(made.progress).toBe(0);
    const done = await settled(made._id);
    expect(done).toMatchObject({ status: 'ready', width: 800, height: 700, progress: null });
    expect(done.url).toBeTruthy();

    const before = await sharp(await originalOf(photo._id)).stats();
    const after = await sharp(await originalOf(made._id)).stats();
    // Levels stretched: a wider spread of values; white balance: red and blue closer to green.
    expect(after.channels[1]!.stdev).toBeGreaterThan(before.channels[1]!.stdev * 1.15);
    const cast = (s: sharp.Stats) => Math.abs(s.channels[0]!.mean - s.channels[2]!.mean);
    expect(cast(after)).toBeLessThan(cast(before));
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    // The original is unchanged.
    expect((await sharp(await originalOf(photo._id)).metadata()).width).toBe(800);
  }, 150_000);

  it('upscales a crop ×2, and a crop of the result is cut from the upscaled pixels (either order composes)', async () => {
    const photo = await upload(await markedJpeg(1000, 800, 100, 6));
    const cropRes = await client.post(`/api/uploads/${photo._id}/crop`, { x: 0, y: 0, width: 120, height: 90 }, { token: customer.token });
    expect(cropRes.statusCode, cropRes.body).toBe(201);
    const crop = cropRes.json<Upload>();

    const res = await enhance(crop._id, { upscale: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json<Upload>();
    expect(up).toMatchObject({
      parentId: crop._id,
      width: 240,
      height: 180,
      status: 'processing',
      enhancement: { strength: null, upscale: 2 },
    });
    const done = await settled(up._id);
    expect(done.status).toBe('ready');
    const pixels = await sharp(await originalOf(up._id)).metadata();
    expect(pixels).toMatchObject({ width: 240, height: 180 });
    // Upright: the red corner of the photo (stored turned, orientation 6) is at the top left.
    expect(near(await averageColour(await originalOf(up._id), 10, 10, 20, 20), RED, 30)).toBe(true);

    const recrop = await client.post(`/api/uploads/${up._id}/crop`, { x: 20, y: 20, width: 200, height: 150 }, { token: customer.token });
    expect(recrop.statusCode, recrop.body).toBe(201);
    expect(recrop.json<Upload>()).toMatchObject({ parentId: up._id, width: 200, height: 150, status: 'ready', enhancement: null });
    const { rows } = await t.database.pool.query<{ original_key: string; region_left: number }>(
      'SELECT original_key, region_left FROM uploads WHERE id = ANY($1) ORDER BY created_at',
      [[up._id, recrop.json<Upload>()._id]],
    );
    expect(rows[1]!.original_key).toBe(rows[0]!.original_key);
    expect(rows[1]!.region_left).toBe(20);
  }, 150_000);

  it('answers 404 for someone else’s photo and an unknown one, and 400 for an empty or wrong body', async () => {
    const photo = await upload(await plainJpeg(800, 700));
    expectError(await enhance(photo._id, { auto: { strength: 70 } }, stranger.token), 404, 'NOT_FOUND');
    expectError(await enhance('00000000-0000-4000-8000-000000000000', { upscale: 2 }), 404, 'NOT_FOUND');
    expect((await enhance(photo._id, {})).statusCode).toBe(400);
    expect((await enhance(photo._id, { upscale: 3 })).statusCode).toBe(400);
    expect((await enhance(photo._id, { auto: { strength: 120 } })).statusCode).toBe(400);
  });

  it('answers 422 when the result would be over the limits, and stores nothing', async () => {
    const wide = await upload(await plainJpeg(4100, 700));
    const tooWide = await enhance(wide._id, { upscale: 2 });
    expectError(tooWide, 422, 'IMAGE_DIMENSIONS');
    expect(tooWide.json<{ message: string }>().message).toContain('4000 px');
    const big = await upload(await plainJpeg(3000, 2800));
    const tooMany = await enhance(big._id, { upscale: 4 });
    expectError(tooMany, 422, 'IMAGE_DIMENSIONS');
    expect(tooMany.json<{ message: string }>().message).toContain('12000 × 11200');
    const { rows } = await t.database.pool.query('SELECT id FROM uploads WHERE parent_id = ANY($1)', [[wide._id, big._id]]);
    expect(rows).toEqual([]);
  });
});

describe('the print file of an order of an enhanced photo', () => {
  it('is made from the enhanced (upscaled) pixels', async () => {
    const c: Catalogue = await pickCatalogue(t);
    const admin = await signInAdmin(t, client);
    await saveAddress(t, customer.user._id);
    const photo = await upload(await markedJpeg(900, 750, 60));
    // The print's aspect, 300 px wide: 50 ppi at 6 in, 100 ppi once doubled.
    const height = Math.round((300 * c.heightIn) / c.widthIn);
    const crop = (
      await client.post(`/api/uploads/${photo._id}/crop`, { x: 0, y: 0, width: 300, height }, { token: customer.token })
    ).json<Upload>();
    const up = await enhance(crop._id, { upscale: 2 });
    expect(up.statusCode, up.body).toBe(201);
    const enhanced = await settled(up.json<Upload>()._id);
    expect(enhanced.status).toBe('ready');

    const order = await paidOrder(client, customer.token, c, enhanced._id);
    const row = await waitFor(
      'the print file',
      async () => {
        const { rows } = await t.database.pool.query<{
          status: string;
          source_upload_id: string;
          source_key: string;
          ppi: number;
          width_px: number;
        }>('SELECT * FROM print_files WHERE order_id = $1', [order.orderId]);
        return rows[0] && rows[0].status !== 'queued' && rows[0].status !== 'rendering' ? rows[0] : undefined;
      },
      140_000,
    );
    const { rows: keys } = await t.database.pool.query<{ original_key: string }>('SELECT original_key FROM uploads WHERE id = $1', [
      enhanced._id,
    ]);
    const plan = planPrintFile({
      region: { left: 0, top: 0, width: 600, height: height * 2 },
      widthIn: c.widthIn,
      heightIn: c.heightIn,
      borderIn: c.borderIn,
    });
    expect(row).toMatchObject({
      status: 'ready',
      source_upload_id: enhanced._id,
      source_key: keys[0]!.original_key,
      ppi: plan.ppi,
      width_px: plan.widthPx,
    });
    expect(plan.ppi).toBeGreaterThan(
      planPrintFile({ region: { left: 0, top: 0, width: 300, height }, widthIn: c.widthIn, heightIn: c.heightIn, borderIn: c.borderIn })
        .ppi,
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.orderId}/print-file`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(plan.widthPx);
  }, 240_000);
});
