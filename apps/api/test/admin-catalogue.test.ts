import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paiseToRupees } from '@framewala/domain';
import { performance } from 'node:perf_hooks';
import { faceThicknessPx, FRAME_PARTS } from '../src/catalogue/frame-art';
import { FRAME_SETS } from '../src/catalogue/frame-finishes';
import { drawFinishImages, generatedFinishSpec } from '../src/services/admin/finish-images';
import { seedCatalogue } from '../src/services/catalogue/seed';
import { LocalStorage } from '../src/services/storage';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { paidOrder, signInAdmin } from './admin-helpers';
import { createTestApp, type TestApp } from './helpers';
import { createOrder, expectedAmount, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';
import { multipart, type PartSpec } from './upload-fixtures';

let t: TestApp;
let client: Client;
let c: Catalogue;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = await signInAdmin(t, client);
  asha = await signUpAndIn(client);
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

interface AdminFinish {
  id: string;
  setId: string;
  name: string;
  description: string;
  material: string;
  active: boolean;
  artSource: string;
  thumbnailUrl: string;
  images: Record<string, string>;
}
interface AdminFrameSet {
  id: string;
  name: string;
  description: string;
  mouldingIn: number;
  ratePaisePerSqIn: number;
  active: boolean;
  finishes: AdminFinish[];
}
interface AdminBorder {
  id: string;
  level: number;
  name: string;
  sizeName: string;
  sizeIn: number;
  pricePaise: number;
}

const patch = (url: string, payload: object, token = admin.token) =>
  client.inject({ method: 'PATCH', url, payload, headers: { authorization: `Bearer ${token}` } });

async function catalogue() {
  const res = await client.get('/api/admin/catalogue', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ frameSets: AdminFrameSet[]; borders: AdminBorder[] }>();
}

async function publicFrames() {
  const res = await client.get('/api/get-frame');
  expect(res.statusCode).toBe(200);
  return res.json<{
    getFrameSize: { _id: string; frameName: string; framePrice: number; frames: { _id: string; frameName: string }[] }[];
  }>().getFrameSize;
}

async function setOf(finishId: string): Promise<AdminFrameSet> {
  const set = (await catalogue()).frameSets.find((s) => s.finishes.some((f) => f.id === finishId));
  expect(set).toBeDefined();
  return set!;
}

function addFinish(setId: string, parts: PartSpec[], token = admin.token) {
  const body = multipart(parts);
  return client.inject({
    method: 'POST',
    url: `/api/admin/frame-sets/${setId}/finishes`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

async function png(width: number, height: number, color = '#6b4423'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function eightImages(overrides: Partial<Record<string, Buffer>> = {}): Promise<PartSpec[]> {
  const corner = await png(120, 120);
  const across = await png(960, 120);
  const upright = await png(120, 960);
  const images: Record<string, Buffer> = {
    sideUp: across,
    sideDown: across,
    sideLeft: upright,
    sideRight: upright,
    topLeft: corner,
    topRight: corner,
    bottomLeft: corner,
    bottomRight: corner,
    ...overrides,
  } as Record<string, Buffer>;
  return Object.entries(images).map(([name, data]) => ({ name, filename: `${name}.png`, contentType: 'image/png', data }));
}

async function storedSize(url: string): Promise<{ width: number; height: number; format: string }> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { width: meta.width!, height: meta.height!, format: meta.format! };
}

describe('the catalogue for the owner', () => {
  it('lists every frame set with all its finishes and the seven borders, in paise', async () => {
    const { frameSets, borders } = await catalogue();
    expect(frameSets).toHaveLength(5);
    expect(
      frameSets.every(
        (s) => s.finishes.length >= 4 && s.finishes.every((f) => FRAME_PARTS.every((p) => f.images[p]?.startsWith('/media/'))),
      ),
    ).toBe(true);
    expect(borders.map((b) => b.level)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(borders.find((b) => b.level === 2)!.pricePaise).toBe(c.borderPrice);
    const set = frameSets.find((s) => s.finishes.some((f) => f.id === c.finishId))!;
    expect(set.ratePaisePerSqIn).toBe(c.rate);
  });
});

describe('catalogue changes apply to new orders only', () => {
  it('leaves a paid order (snapshot and amount) unchanged while new orders get the new prices and names', async () => {
    const paid = await paidOrder(client, asha.token, c, photo);
    const before = (await client.get(`/api/admin/orders/${paid.orderId}`, { token: admin.token })).json().order;
    const customerBefore = (await client.get(`/api/orders/${paid.orderId}`, { token: asha.token })).json().order;
    await publicFrames(); // the public answer is cached now: the edit must still show at once

    const set = await setOf(c.finishId);
    const border = (await catalogue()).borders.find((b) => b.level === 2)!;
    const newRate = c.rate + 37;
    const newBorderPrice = border.pricePaise + 5000;
    const setRes = await patch(`/api/admin/frame-sets/${set.id}`, {
      name: 'Slimline',
      description: 'Renamed by the owner.',
      ratePaisePerSqIn: newRate,
    });
    expect(setRes.statusCode, setRes.body).toBe(200);
    expect(setRes.json().frameSet).toMatchObject({
      id: set.id,
      name: 'Slimline',
      description: 'Renamed by the owner.',
      ratePaisePerSqIn: newRate,
    });
    const borderRes = await patch(`/api/admin/borders/${border.id}`, { pricePaise: newBorderPrice });
    expect(borderRes.statusCode, borderRes.body).toBe(200);
    expect(borderRes.json().border).toMatchObject({ id: border.id, level: 2, pricePaise: newBorderPrice });
    const finishRes = await patch(`/api/admin/finishes/${c.finishId}`, { name: 'Coal Black', description: 'Renamed.' });
    expect(finishRes.statusCode, finishRes.body).toBe(200);
    expect(finishRes.json().finish).toMatchObject({ id: c.finishId, name: 'Coal Black', description: 'Renamed.', active: true });

    // The paid order: the same snapshot and amount, for the owner and for the customer.
    const after = (await client.get(`/api/admin/orders/${paid.orderId}`, { token: admin.token })).json().order;
    expect(after.line).toEqual(before.line);
    expect(after.amountPaise).toBe(before.amountPaise);
    expect(after.line).toMatchObject({ frameRatePaisePerSqIn: c.rate, borderPricePaise: c.borderPrice });
    expect(after.line.finishName).not.toBe('Coal Black');
    expect((await client.get(`/api/orders/${paid.orderId}`, { token: asha.token })).json().order).toEqual(customerBefore);
    const row = (await t.database.pool.query(`SELECT amount_paise, lines->0->'line' AS line FROM orders WHERE id = $1`, [paid.orderId]))
      .rows[0];
    expect(row.amount_paise).toBe(paid.amount);
    expect(row.line).toEqual(before.line);

    // The public catalogue shows the change at once.
    const publicSet = (await publicFrames()).find((s) => s._id === set.id)!;
    expect(publicSet.frameName).toBe('Slimline');
    expect(publicSet.framePrice).toBe(paiseToRupees(newRate));
    expect(publicSet.frames.find((f) => f._id === c.finishId)!.frameName).toBe('Coal Black');

    // A new order is priced with the new rate and border price; the old amount is refused.
    const newAmount = expectedAmount({ ...c, rate: newRate, borderPrice: newBorderPrice });
    expect(newAmount).not.toBe(paid.amount);
    const stale = await createOrder(client, asha.token, orderBody(c, photo));
    expect(expectError(stale, 409, 'PRICE_MISMATCH').amount).toBe(newAmount);
    const fresh = await createOrder(client, asha.token, orderBody(c, photo, { amount: newAmount }));
    expect(fresh.statusCode, fresh.body).toBe(201);
    const freshLine = (await t.database.pool.query(`SELECT lines->0->'line' AS line FROM orders WHERE id = $1`, [fresh.json().orderId]))
      .rows[0].line;
    expect(freshLine).toMatchObject({
      frameSetName: 'Slimline',
      finishName: 'Coal Black',
      frameRatePaisePerSqIn: newRate,
      borderPricePaise: newBorderPrice,
    });

    // Restarting the server (the seed runs again) keeps the owner's changes.
    await seedCatalogue(t.database, new LocalStorage(inject('storageRoot')), { info() {}, warn() {} });
    const reseeded = await catalogue();
    const again = reseeded.frameSets.find((s) => s.id === set.id)!;
    expect(again).toMatchObject({ name: 'Slimline', description: 'Renamed by the owner.', ratePaisePerSqIn: newRate });
    expect(again.finishes.find((f) => f.id === c.finishId)!.name).toBe('Coal Black');
    expect(reseeded.borders.find((b) => b.id === border.id)!.pricePaise).toBe(newBorderPrice);
    c.rate = newRate;
    c.borderPrice = newBorderPrice;
  });

  it('retires a finish: gone from get-frame, refused by create-order, kept by the console; restores it', async () => {
    const set = await setOf(c.finishId);
    const other = set.finishes.find((f) => f.id !== c.finishId && f.active)!;
    const retired = await patch(`/api/admin/finishes/${other.id}`, { active: false });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().finish).toMatchObject({ id: other.id, active: false });
    expect((await publicFrames()).flatMap((s) => s.frames.map((f) => f._id))).not.toContain(other.id);
    expect((await setOf(other.id)).finishes.find((f) => f.id === other.id)!.active).toBe(false);
    const refused = expectError(
      await createOrder(client, asha.token, orderBody(c, photo, { selectedFrame: other.id })),
      422,
      'RULE_BROKEN',
    );
    expect(refused.field).toBe('selectedFrame');

    // Retired finishes stay retired when the seed runs again.
    await seedCatalogue(t.database, new LocalStorage(inject('storageRoot')), { info() {}, warn() {} });
    expect((await publicFrames()).flatMap((s) => s.frames.map((f) => f._id))).not.toContain(other.id);

    const restored = await patch(`/api/admin/finishes/${other.id}`, { active: true });
    expect(restored.json().finish.active).toBe(true);
    expect((await publicFrames()).flatMap((s) => s.frames.map((f) => f._id))).toContain(other.id);
    expect((await createOrder(client, asha.token, orderBody(c, photo, { selectedFrame: other.id }))).statusCode).toBe(201);
  });

  it('keeps at least one finish on sale in a set', async () => {
    const set = (await catalogue()).frameSets.at(-1)!;
    const active = set.finishes.filter((f) => f.active);
    for (const f of active.slice(1)) expect((await patch(`/api/admin/finishes/${f.id}`, { active: false })).statusCode).toBe(200);
    expectError(await patch(`/api/admin/finishes/${active[0]!.id}`, { active: false }), 409, 'CONFLICT');
    for (const f of active.slice(1)) expect((await patch(`/api/admin/finishes/${f.id}`, { active: true })).statusCode).toBe(200);
    expect((await setOf(active[0]!.id)).finishes.filter((f) => f.active)).toHaveLength(active.length);
  });

  it('refuses bad edits', async () => {
    const set = await setOf(c.finishId);
    expectError(await patch(`/api/admin/frame-sets/${set.id}`, { ratePaisePerSqIn: 0 }), 400, 'VALIDATION');
    expectError(await patch(`/api/admin/frame-sets/${set.id}`, { ratePaisePerSqIn: 12.5 }), 400, 'VALIDATION');
    expectError(await patch(`/api/admin/frame-sets/${set.id}`, { name: '' }), 400, 'VALIDATION');
    expectError(await patch(`/api/admin/frame-sets/${set.id}`, { name: 'two\nlines' }), 400, 'VALIDATION');
    expectError(await patch(`/api/admin/frame-sets/${set.id}`, { mouldingIn: 4 }), 400, 'VALIDATION');
    expectError(await patch('/api/admin/frame-sets/set-nope', { name: 'X' }), 404, 'NOT_FOUND');
    expectError(await patch('/api/admin/finishes/nope', { active: false }), 404, 'NOT_FOUND');
    expectError(await patch('/api/admin/borders/border-0', { pricePaise: 100 }), 422, 'RULE_BROKEN');
    expectError(await patch('/api/admin/borders/border-1', { pricePaise: -1 }), 400, 'VALIDATION');
    expectError(await patch('/api/admin/borders/nope', { pricePaise: 100 }), 404, 'NOT_FOUND');
    expect((await patch('/api/admin/borders/border-0', { pricePaise: 0 })).statusCode).toBe(200);
  });
});

describe('adding finishes', () => {
  it('generates the eight images from a material and a colour, and sells the new finish', async () => {
    const set = await setOf(c.finishId);
    const res = await addFinish(set.id, [
      { name: 'name', data: 'Peacock Blue' },
      { name: 'description', data: 'A deep blue lacquer.' },
      { name: 'generate', data: 'lacquer' },
      { name: 'color', data: '#1f5f8b' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { finish } = res.json<{ finish: AdminFinish }>();
    expect(finish).toMatchObject({ setId: set.id, name: 'Peacock Blue', material: 'lacquer', active: true, artSource: 'generated' });
    const T = faceThicknessPx(set.mouldingIn);
    expect(await storedSize(finish.images.topLeft!)).toEqual({ width: T, height: T, format: 'webp' });
    expect((await storedSize(finish.images.sideUp!)).height).toBe(T);
    expect((await storedSize(finish.images.sideLeft!)).width).toBe(T);
    const topLeft = await sharp((await t.app.inject({ method: 'GET', url: finish.images.sideUp! })).rawPayload).stats();
    // Blue dominates the drawn lacquer.
    expect(topLeft.channels[2]!.mean).toBeGreaterThan(topLeft.channels[0]!.mean);

    expect((await publicFrames()).find((s) => s._id === set.id)!.frames.map((f) => f.frameName)).toContain('Peacock Blue');
    const order = await createOrder(client, asha.token, orderBody(c, photo, { selectedFrame: finish.id }));
    expect(order.statusCode, order.body).toBe(201);
    const line = (await t.database.pool.query(`SELECT lines->0->'line' AS line FROM orders WHERE id = $1`, [order.json().orderId])).rows[0]
      .line;
    expect(line).toMatchObject({ finishId: finish.id, finishName: 'Peacock Blue' });
  });

  it('draws in a worker thread: the server keeps answering meanwhile', async () => {
    const widest = FRAME_SETS.reduce((a, b) => (b.mouldingIn > a.mouldingIn ? b : a));
    const spec = generatedFinishSpec('loop-check-1a2b3c', 'Loop check', 'x', 'wood', '#7a4b2c');
    const before = performance.eventLoopUtilization();
    const images = await drawFinishImages(widest, spec);
    const busy = performance.eventLoopUtilization(before);
    // Drawn here, the 3-inch moulding keeps this thread busy for most of the time (about 80 %).
    expect(busy.utilization).toBeLessThan(0.3);
    const T = faceThicknessPx(widest.mouldingIn);
    expect(await sharp(images.topRight).metadata()).toMatchObject({ width: T, height: T, format: 'webp' });
  });

  it('takes eight uploaded images and scales them to the moulding', async () => {
    const set = (await catalogue()).frameSets.find((s) => s.mouldingIn >= 1.5)!;
    const res = await addFinish(set.id, [
      { name: 'name', data: 'Hand-carved Sheesham' },
      { name: 'description', data: 'Photographed in the workshop.' },
      { name: 'material', data: 'wood' },
      ...(await eightImages()),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { finish } = res.json<{ finish: AdminFinish }>();
    expect(finish).toMatchObject({ name: 'Hand-carved Sheesham', material: 'wood', artSource: 'uploaded', active: true });
    const T = faceThicknessPx(set.mouldingIn);
    expect(await storedSize(finish.images.bottomRight!)).toEqual({ width: T, height: T, format: 'webp' });
    expect(await storedSize(finish.images.sideDown!)).toEqual({ width: 8 * T, height: T, format: 'webp' });
    expect(await storedSize(finish.images.sideRight!)).toEqual({ width: T, height: 8 * T, format: 'webp' });
    const listed = (await catalogue()).frameSets.find((s) => s.id === set.id)!.finishes;
    expect(listed.at(-1)!.id).toBe(finish.id);
    // The seed leaves it alone.
    await seedCatalogue(t.database, new LocalStorage(inject('storageRoot')), { info() {}, warn() {} });
    expect((await setOf(finish.id)).finishes.find((f) => f.id === finish.id)).toEqual(finish);
  });

  it('refuses a bad form with a clear error and stores no row', async () => {
    const set = await setOf(c.finishId);
    const count = async () => (await t.database.pool.query('SELECT count(*)::int AS n FROM frame_finishes')).rows[0].n as number;
    const before = await count();
    const text = [
      { name: 'name', data: 'Broken' },
      { name: 'description', data: 'Should not exist.' },
    ];
    const notSquare = expectError(
      await addFinish(set.id, [...text, { name: 'material', data: 'wood' }, ...(await eightImages({ topLeft: await png(120, 80) }))]),
      422,
      'RULE_BROKEN',
    );
    expect(notSquare.field).toBe('topLeft');
    const sideways = expectError(
      await addFinish(set.id, [...text, { name: 'material', data: 'wood' }, ...(await eightImages({ sideUp: await png(120, 960) }))]),
      422,
      'RULE_BROKEN',
    );
    expect(sideways.field).toBe('sideUp');
    const garbage = expectError(
      await addFinish(set.id, [
        ...text,
        { name: 'material', data: 'wood' },
        ...(await eightImages({ sideLeft: Buffer.from('not a picture at all') })),
      ]),
      422,
      'RULE_BROKEN',
    );
    expect(garbage.field).toBe('sideLeft');
    const missing = expectError(
      await addFinish(set.id, [...text, { name: 'material', data: 'wood' }, ...(await eightImages()).slice(1)]),
      400,
      'VALIDATION',
    );
    expect(missing.field).toBe('sideUp');
    expect(expectError(await addFinish(set.id, [...text, { name: 'generate', data: 'metal' }]), 400, 'VALIDATION').field).toBe('color');
    expectError(
      await addFinish(set.id, [...text, { name: 'generate', data: 'plastic' }, { name: 'color', data: '#ffffff' }]),
      400,
      'VALIDATION',
    );
    expectError(await addFinish(set.id, [...text, { name: 'generate', data: 'metal' }, { name: 'color', data: 'red' }]), 400, 'VALIDATION');
    expectError(
      await addFinish(set.id, [...text, { name: 'generate', data: 'metal' }, { name: 'color', data: '#ffffff' }, ...(await eightImages())]),
      400,
      'VALIDATION',
    );
    expectError(await addFinish(set.id, [...text, { name: 'material', data: 'wood' }, { name: 'price', data: '1' }]), 400, 'VALIDATION');
    expectError(
      await addFinish(set.id, [
        { name: 'name', data: 'No description' },
        { name: 'generate', data: 'wood' },
        { name: 'color', data: '#884422' },
      ]),
      400,
      'VALIDATION',
    );
    expectError(
      await addFinish('set-nope', [...text, { name: 'generate', data: 'wood' }, { name: 'color', data: '#884422' }]),
      404,
      'NOT_FOUND',
    );
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    expectError(
      await addFinish(set.id, [...text, { name: 'material', data: 'wood' }, ...(await eightImages({ sideUp: big }))]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const json = await client.post(`/api/admin/frame-sets/${set.id}/finishes`, { name: 'x' }, { token: admin.token });
    expectError(json, 415);
    expect(await count()).toBe(before);
  });
});
