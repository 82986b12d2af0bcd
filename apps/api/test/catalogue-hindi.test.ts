/**
 * The catalogue's texts in Hindi (docs/decisions/087-catalogue-texts-in-hindi.md): the seed writes them, a database
 * seeded before gets them on the next start, the owner's console keeps them, and orders and carts carry them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_WHITE_BORDER_NAMES_HI, type Cart, type DefaultWhiteBorderName } from '@framewala/domain';
import { FRAME_SETS } from '../src/catalogue/frame-finishes';
import { connectDatabase } from '../src/db/client';
import { frameFinishId, frameSetId, seedCatalogue } from '../src/services/catalogue/seed';
import { LocalStorage } from '../src/services/storage';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin } from './admin-helpers';
import { createTestApp, createTestDatabase, type TestApp } from './helpers';
import { createOrder, newKey, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';
import { multipart } from './upload-fixtures';

let t: TestApp;
let client: Client;
let c: Catalogue;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = await signInAdmin(t, client);
  asha = await signUpAndIn(client);
  await saveAddress(t, asha.user._id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const DEVANAGARI = /^[\u0900-\u097F0-9 .,;:()—–-]+$/u;
const log = { info() {}, warn() {} };

interface PublicFrame {
  _id: string;
  frameName: string;
  frameCategory: string;
  frameDescription: string;
  frameNameHi: string | null;
  frameCategoryHi: string | null;
  frameDescriptionHi: string | null;
}
interface PublicSet {
  _id: string;
  frameName: string;
  frameNameHi: string | null;
  frames: PublicFrame[];
}
interface PublicBorder {
  _id: string;
  name: string;
  nameHi: string | null;
  size: number;
}

async function publicFrames(): Promise<PublicSet[]> {
  const res = await client.get('/api/get-frame');
  expect(res.statusCode).toBe(200);
  return res.json<{ getFrameSize: PublicSet[] }>().getFrameSize;
}

async function publicBorders(): Promise<PublicBorder[]> {
  const res = await client.get('/api/get-motif-border-sizes');
  expect(res.statusCode).toBe(200);
  return res.json<{ getMotifBorderSizes: PublicBorder[] }>().getMotifBorderSizes;
}

const patch = (url: string, payload: object) =>
  client.inject({ method: 'PATCH', url, payload, headers: { authorization: `Bearer ${admin.token}` } });

describe('the seed', () => {
  it('writes Hindi beside every seeded name, category and description, as the API serves them', async () => {
    const sets = await publicFrames();
    expect(sets.map((s) => s._id)).toEqual(FRAME_SETS.map((s) => frameSetId(s.slug)));
    for (const [i, spec] of FRAME_SETS.entries()) {
      const set = sets[i]!;
      expect(set.frameNameHi).toBe(spec.nameHi);
      expect(set.frameNameHi).toMatch(DEVANAGARI);
      for (const finish of spec.finishes) {
        const served = set.frames.find((f) => f._id === frameFinishId(spec.slug, finish.slug))!;
        expect(served).toMatchObject({
          frameName: finish.name,
          frameNameHi: finish.nameHi,
          frameCategoryHi: finish.categoryHi,
          frameDescriptionHi: finish.descriptionHi,
        });
        for (const text of [served.frameNameHi, served.frameCategoryHi, served.frameDescriptionHi]) expect(text).toMatch(DEVANAGARI);
      }
    }
    const matteBlack = sets[0]!.frames.find((f) => f.frameName === 'Matte Black')!;
    expect(matteBlack.frameNameHi).toBe('मैट ब्लैक');
    expect(matteBlack.frameDescriptionHi).toMatch(/।$/);

    const borders = await publicBorders();
    expect(borders).toHaveLength(7);
    for (const border of borders) expect(border.nameHi).toBe(DEFAULT_WHITE_BORDER_NAMES_HI[border.name as DefaultWhiteBorderName]);
    expect(borders.map((b) => b.nameHi)).toEqual(['बिना बॉर्डर', 'बहुत पतला', 'पतला', 'मध्यम', 'चौड़ा', 'ज़्यादा चौड़ा', 'सबसे चौड़ा']);
  });

  it('names no border with a word of a frame set’s name, in English or Hindi', async () => {
    const words = (name: string | null) => (name ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const sets = await publicFrames();
    const setWords = new Set(sets.flatMap((s) => [...words(s.frameName), ...words(s.frameNameHi)]));
    expect(setWords.has('classic')).toBe(true);
    for (const border of await publicBorders()) {
      for (const word of [...words(border.name), ...words(border.nameHi)])
        expect(setWords.has(word), `${border.name}: ${word}`).toBe(false);
    }
  });

  it('renames the borders seeded under frame-set names on the next start, except where the owner renamed them', async () => {
    const testDb = await createTestDatabase();
    const database = connectDatabase(testDb.url);
    const storage = new LocalStorage(inject('storageRoot'));
    try {
      // As a database seeded with the former names was: the owner renamed level 6 and wrote a Hindi for level 5.
      await database.pool.query(`UPDATE white_borders SET name = 'Slim', name_hi = 'पतला' WHERE level = 2`);
      await database.pool.query(`UPDATE white_borders SET name = 'Classic', name_hi = NULL WHERE level = 3`);
      await database.pool.query(`UPDATE white_borders SET name = 'Gallery', name_hi = 'गैलरी मैट' WHERE level = 5`);
      await database.pool.query(`UPDATE white_borders SET name = 'Poster mat', name_hi = NULL WHERE level = 6`);

      await seedCatalogue(database, storage, log);

      const { rows } = await database.pool.query<{ name: string; name_hi: string | null }>(
        'SELECT name, name_hi FROM white_borders ORDER BY level',
      );
      expect(rows).toEqual([
        { name: 'No border', name_hi: 'बिना बॉर्डर' },
        { name: 'Hairline', name_hi: 'बहुत पतला' },
        { name: 'Narrow', name_hi: 'पतला' },
        { name: 'Medium', name_hi: 'मध्यम' },
        { name: 'Wide', name_hi: 'चौड़ा' },
        { name: 'Extra wide', name_hi: 'गैलरी मैट' },
        { name: 'Poster mat', name_hi: null },
      ]);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });

  it('gives a database seeded before the shop kept Hindi its Hindi on the next start, except for texts the owner changed', async () => {
    const testDb = await createTestDatabase();
    const database = connectDatabase(testDb.url);
    const storage = new LocalStorage(inject('storageRoot'));
    const classic = frameSetId('classic');
    const walnut = frameFinishId('classic', 'walnut');
    try {
      // As the tables were: no Hindi anywhere, and the owner had renamed a set, a finish and a border, and
      // described a finish in their own words (the seed leaves all four alone).
      await database.pool.query(`UPDATE frame_sets SET name_hi = NULL, description_hi = NULL`);
      await database.pool.query(`UPDATE frame_finishes SET name_hi = NULL, category_hi = NULL, description_hi = NULL`);
      await database.pool.query(`UPDATE white_borders SET name_hi = NULL`);
      await database.pool.query(`UPDATE frame_sets SET name = 'Everyday' WHERE id = $1`, [classic]);
      await database.pool.query(`UPDATE frame_finishes SET description = 'Our own walnut, from Saharanpur.' WHERE id = $1`, [walnut]);
      await database.pool.query(`UPDATE white_borders SET name = 'Thin line' WHERE level = 1`);
      await database.pool.query(`UPDATE frame_finishes SET name_hi = 'मालिक का नाम' WHERE id = $1`, [
        frameFinishId('slim-edge', 'matte-black'),
      ]);

      await seedCatalogue(database, storage, log);

      const { rows: sets } = await database.pool.query<{ id: string; name_hi: string | null; description_hi: string | null }>(
        'SELECT id, name_hi, description_hi FROM frame_sets ORDER BY sort',
      );
      const classicSpec = FRAME_SETS.find((s) => s.slug === 'classic')!;
      expect(sets.find((s) => s.id === classic)).toEqual({ id: classic, name_hi: null, description_hi: classicSpec.descriptionHi });
      for (const set of sets.filter((s) => s.id !== classic)) expect(set.name_hi).toMatch(DEVANAGARI);

      const finish = async (id: string) =>
        (await database.pool.query('SELECT name_hi, category_hi, description_hi FROM frame_finishes WHERE id = $1', [id])).rows[0];
      expect(await finish(walnut)).toEqual({ name_hi: 'वॉलनट', category_hi: 'लकड़ी', description_hi: null });
      expect((await finish(frameFinishId('slim-edge', 'matte-black'))).name_hi).toBe('मालिक का नाम');
      expect((await finish(frameFinishId('heritage', 'rosewood'))).name_hi).toBe('शीशम');

      const { rows: borders } = await database.pool.query<{ level: number; name_hi: string | null }>(
        'SELECT level, name_hi FROM white_borders ORDER BY level',
      );
      expect(borders.map((b) => b.name_hi)).toEqual(['बिना बॉर्डर', null, 'पतला', 'मध्यम', 'चौड़ा', 'ज़्यादा चौड़ा', 'सबसे चौड़ा']);

      // A second start touches no row.
      const stamp = `SELECT (SELECT string_agg(updated_at::text, ',' ORDER BY id) FROM frame_sets) || (SELECT string_agg(updated_at::text, ',' ORDER BY id) FROM frame_finishes) || (SELECT string_agg(updated_at::text, ',' ORDER BY id) FROM white_borders) AS s`;
      const before = (await database.pool.query<{ s: string }>(stamp)).rows[0]!.s;
      await seedCatalogue(database, storage, log);
      expect((await database.pool.query<{ s: string }>(stamp)).rows[0]!.s).toBe(before);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});

describe("the owner's console", () => {
  it('shows and saves the Hindi of a frame set, a finish and a border; customers get it at once', async () => {
    const catalogue = (await client.get('/api/admin/catalogue', { token: admin.token })).json<{
      frameSets: {
        id: string;
        nameHi: string | null;
        finishes: { id: string; category: string; nameHi: string | null; categoryHi: string | null }[];
      }[];
      borders: { id: string; nameHi: string | null }[];
    }>();
    const gallery = catalogue.frameSets.find((s) => s.id === frameSetId('gallery'))!;
    expect(gallery.nameHi).toBe('गैलरी');
    expect(gallery.finishes[0]).toMatchObject({ category: 'Black & White', categoryHi: 'ब्लैक और व्हाइट' });
    expect(catalogue.borders[4]!.nameHi).toBe('चौड़ा');

    const set = await patch(`/api/admin/frame-sets/${gallery.id}`, { nameHi: 'गैलरी प्रो', descriptionHi: 'चौड़ी मोल्डिंग, गैलरी जैसी।' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ frameSet: { name: 'Gallery', nameHi: 'गैलरी प्रो', descriptionHi: 'चौड़ी मोल्डिंग, गैलरी जैसी।' } });

    const finishId = gallery.finishes[0]!.id;
    const finish = await patch(`/api/admin/finishes/${finishId}`, {
      nameHi: '  गैलरी सफ़ेद  ',
      categoryHi: 'सफ़ेद',
      descriptionHi: 'मुलायम सफ़ेद रंग।',
    });
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json()).toMatchObject({ finish: { nameHi: 'गैलरी सफ़ेद', categoryHi: 'सफ़ेद', descriptionHi: 'मुलायम सफ़ेद रंग।' } });

    const border = await patch('/api/admin/borders/border-4', { nameHi: 'चौड़ी पट्टी' });
    expect(border.statusCode, border.body).toBe(200);
    expect(border.json()).toMatchObject({ border: { name: 'Wide', nameHi: 'चौड़ी पट्टी', pricePaise: 29_900 } });

    const served = (await publicFrames()).find((s) => s._id === gallery.id)!;
    expect(served.frameNameHi).toBe('गैलरी प्रो');
    expect(served.frames.find((f) => f._id === finishId)).toMatchObject({
      frameNameHi: 'गैलरी सफ़ेद',
      frameCategoryHi: 'सफ़ेद',
      frameDescriptionHi: 'मुलायम सफ़ेद रंग।',
    });
    expect((await publicBorders())[4]!.nameHi).toBe('चौड़ी पट्टी');

    // Empty or null clears a Hindi text: customers then read the English.
    expect((await patch('/api/admin/borders/border-4', { nameHi: '' })).json()).toMatchObject({ border: { nameHi: null } });
    expect((await patch(`/api/admin/finishes/${finishId}`, { categoryHi: null })).json()).toMatchObject({
      finish: { categoryHi: null, nameHi: 'गैलरी सफ़ेद' },
    });
    expect((await publicBorders())[4]!.nameHi).toBeNull();
  });

  it('drops a Hindi name when the English changes without it, and keeps one sent with it', async () => {
    const id = frameFinishId('heritage', 'teak');
    const renamed = await patch(`/api/admin/finishes/${id}`, { name: 'Burma Teak' });
    expect(renamed.json()).toMatchObject({
      finish: { name: 'Burma Teak', nameHi: null, descriptionHi: expect.stringMatching(DEVANAGARI) },
    });
    const both = await patch(`/api/admin/finishes/${id}`, { name: 'Burma Teak Gold', nameHi: 'बर्मा सागौन' });
    expect(both.json()).toMatchObject({ finish: { name: 'Burma Teak Gold', nameHi: 'बर्मा सागौन' } });
    // The same English again is no change: its Hindi stays.
    expect((await patch(`/api/admin/finishes/${id}`, { name: 'Burma Teak Gold' })).json()).toMatchObject({
      finish: { nameHi: 'बर्मा सागौन' },
    });
  });

  it('refuses a Hindi text that is too long or not plain text with 400, and writes nothing of that request', async () => {
    const id = frameSetId('heritage');
    const tooLong = await patch(`/api/admin/frame-sets/${id}`, { name: 'Heritage Wide', nameHi: 'ह'.repeat(61) });
    const body = expectError(tooLong, 400, 'VALIDATION');
    expect(body.message).toEqual(expect.any(String));
    expect(JSON.stringify(body)).toContain('nameHi');
    expectError(
      await patch(`/api/admin/finishes/${frameFinishId('heritage', 'walnut')}`, { descriptionHi: 'श'.repeat(501) }),
      400,
      'VALIDATION',
    );
    expectError(await patch('/api/admin/borders/border-3', { nameHi: 'दो\nलाइन' }), 400, 'VALIDATION');
    expectError(await patch('/api/admin/borders/border-3', { nameHi: 42 }), 400, 'VALIDATION');
    const { rows } = await t.database.pool.query('SELECT name, name_hi FROM frame_sets WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ name: 'Heritage', name_hi: 'हेरिटेज' });
    expect((await t.database.pool.query('SELECT name_hi FROM white_borders WHERE level = 3')).rows[0]).toEqual({ name_hi: 'मध्यम' });
  });

  it('adds a finish with its Hindi name and description, its category in Hindi from its material', async () => {
    const body = multipart([
      { name: 'name', data: 'Peacock Blue' },
      { name: 'description', data: 'A deep blue lacquer.' },
      { name: 'nameHi', data: 'मोरपंखी नीला' },
      { name: 'descriptionHi', data: 'गहरा नीला लैकर।' },
      { name: 'generate', data: 'wood' },
      { name: 'color', data: '#1f5f8b' },
    ]);
    const res = await client.inject({
      method: 'POST',
      url: `/api/admin/frame-sets/${frameSetId('slim-edge')}/finishes`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      finish: { name: 'Peacock Blue', nameHi: 'मोरपंखी नीला', category: 'Wood', categoryHi: 'लकड़ी', descriptionHi: 'गहरा नीला लैकर।' },
    });

    const tooLong = multipart([
      { name: 'name', data: 'Long Hindi' },
      { name: 'description', data: 'x' },
      { name: 'nameHi', data: 'न'.repeat(61) },
      { name: 'generate', data: 'wood' },
      { name: 'color', data: '#1f5f8b' },
    ]);
    const refused = await client.inject({
      method: 'POST',
      url: `/api/admin/frame-sets/${frameSetId('slim-edge')}/finishes`,
      payload: tooLong.payload,
      headers: { ...tooLong.headers, authorization: `Bearer ${admin.token}` },
    });
    expect(expectError(refused, 400, 'VALIDATION').field).toBe('nameHi');
    expect(Number((await t.database.pool.query(`SELECT count(*) FROM frame_finishes WHERE name = 'Long Hindi'`)).rows[0].count)).toBe(0);
  });
});

describe('carts and orders', () => {
  it('a cart line carries the Hindi names, and an order keeps the Hindi it was bought with', async () => {
    const photo = await uploadPhoto(t, asha.token);
    const added = await client.post(
      '/api/cart/lines',
      { uploadId: photo, sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 1 },
      { token: asha.token },
    );
    expect(added.statusCode, added.body).toBe(201);
    const cart = (await client.get('/api/cart', { token: asha.token })).json<{ cart: Cart }>().cart;
    expect(cart.lines[0]).toMatchObject({
      finishName: 'Matte Black',
      finishNameHi: 'मैट ब्लैक',
      frameSetName: 'Slim Edge',
      frameSetNameHi: 'स्लिम एज',
      borderName: 'Narrow',
      borderNameHi: 'पतला',
    });

    // One photo bought now, the cart paid for next.
    const single = await createOrder(client, asha.token, orderBody(c, await uploadPhoto(t, asha.token)));
    expect(single.statusCode, single.body).toBe(201);
    const fromCart = await client.post(
      '/api/create-order',
      { cart: true, amount: cart.totalPaise, currency: 'INR' },
      { token: asha.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(fromCart.statusCode, fromCart.body).toBe(201);

    // The owner renames the finish in Hindi afterwards: placed orders keep the names they were bought with.
    expect((await patch(`/api/admin/finishes/${c.finishId}`, { nameHi: 'गहरा काला' })).statusCode).toBe(200);
    for (const id of [single.json<{ orderId: string }>().orderId, fromCart.json<{ orderId: string }>().orderId]) {
      const order = (await client.get(`/api/orders/${id}`, { token: asha.token })).json<{
        order: { frameName: string; frameNameHi: string | null; line: object; lines: object[] };
      }>().order;
      const names = { finishName: 'Matte Black', finishNameHi: 'मैट ब्लैक', frameSetNameHi: 'स्लिम एज', borderNameHi: 'पतला' };
      expect(order.frameName).toBe('Matte Black (Slim Edge)');
      expect(order.frameNameHi).toBe('मैट ब्लैक (स्लिम एज)');
      expect(order.line).toMatchObject(names);
      expect(order.lines[0]).toMatchObject(names);
      const adminOrder = (await client.get(`/api/admin/orders/${id}`, { token: admin.token })).json<{ order: { line: object } }>().order;
      expect(adminOrder.line).toMatchObject(names);
    }
    const list = (await client.get('/api/orders', { token: asha.token })).json<{ orders: { frameNameHi: string | null }[] }>().orders;
    expect(list.map((o) => o.frameNameHi)).toEqual(['मैट ब्लैक (स्लिम एज)', 'मैट ब्लैक (स्लिम एज)']);
    expect((await client.get('/api/cart', { token: asha.token })).json<{ cart: Cart }>().cart.lines[0]?.finishNameHi).toBe('गहरा काला');
  });

  it('an order placed before the shop kept Hindi names answers them as null (the pages show the English)', async () => {
    const res = await createOrder(client, asha.token, orderBody(c, await uploadPhoto(t, asha.token)));
    const id = res.json<{ orderId: string }>().orderId;
    await t.database.pool.query(
      `UPDATE orders SET lines = jsonb_set(lines, '{0,line}', (lines->0->'line') - 'frameSetNameHi' - 'finishNameHi' - 'borderNameHi') WHERE id = $1`,
      [id],
    );
    const order = (await client.get(`/api/orders/${id}`, { token: asha.token })).json<{
      order: { frameNameHi: string | null; line: Record<string, unknown>; lines: Record<string, unknown>[] };
    }>().order;
    expect(order.frameNameHi).toBeNull();
    expect(order.line).toMatchObject({ finishName: 'Matte Black', finishNameHi: null, frameSetNameHi: null, borderNameHi: null });
    expect(order.lines[0]).toMatchObject({ finishNameHi: null });
    const adminOrder = (await client.get(`/api/admin/orders/${id}`, { token: admin.token })).json<{ order: { line: object } }>().order;
    expect(adminOrder.line).toMatchObject({ finishNameHi: null, borderNameHi: null });
  });
});
