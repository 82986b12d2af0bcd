import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES, priceOrder, type Cart, type CartLine } from '@framewala/domain';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, type TestApp } from './helpers';
import { pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
let ashaPhoto: string;
let raviPhoto: string;
/** A second landscape preset size, bigger than the first. */
let other: { id: string; widthIn: number; heightIn: number };

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  const { rows } = await t.database.pool.query<{ id: string; width_in: number; height_in: number }>(
    'SELECT id, width_in, height_in FROM preset_sizes WHERE active AND width_in > height_in AND id <> $1 ORDER BY width_in * height_in DESC LIMIT 1',
    [c.sizeId],
  );
  other = { id: rows[0]!.id, widthIn: rows[0]!.width_in, heightIn: rows[0]!.height_in };
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client, { firstName: 'Ravi' });
  await saveAddress(t, asha.user._id);
  ashaPhoto = await uploadPhoto(t, asha.token);
  raviPhoto = await uploadPhoto(t, ravi.token);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const getCart = async (token: string) => {
  const res = await client.get('/api/cart', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ cart: Cart }>().cart;
};
const lineBody = (uploadId: string, overrides: Record<string, unknown> = {}) => ({
  uploadId,
  sizeId: c.sizeId,
  selectedFrame: c.finishId,
  selectedMotifBorder: c.borderIn,
  quantity: 1,
  ...overrides,
});
const addLine = (token: string, body: object) => client.post('/api/cart/lines', body, { token });
const patchLine = (token: string, id: string, body: object) =>
  client.inject({ method: 'PATCH', url: `/api/cart/lines/${id}`, payload: body, headers: auth(token) });
const deleteLine = (token: string, id: string) => client.inject({ method: 'DELETE', url: `/api/cart/lines/${id}`, headers: auth(token) });
const lineCount = async (userId: string) =>
  Number((await t.database.pool.query('SELECT count(*) FROM cart_lines WHERE user_id = $1', [userId])).rows[0].count);
const clearCart = (userId: string) => t.database.pool.query('DELETE FROM cart_lines WHERE user_id = $1', [userId]);
const price = (widthIn: number, heightIn: number, quantity: number, borderPrice = c.borderPrice) =>
  priceOrder({ widthIn, heightIn, frameRatePaisePerSqIn: c.rate, borderPricePaise: borderPrice, quantity }).checkoutPaise;

describe('the cart', () => {
  it('is documented in the OpenAPI output', async () => {
    const res = await client.get('/api/openapi.json');
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/cart'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/cart/lines'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/cart/lines/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
  });

  it('needs a signed-in customer and starts empty', async () => {
    expectError(await client.get('/api/cart'), 401, 'UNAUTHORIZED');
    expectError(await client.post('/api/cart/lines', lineBody(ashaPhoto)), 401, 'UNAUTHORIZED');
    const cart = await getCart(asha.token);
    expect(cart).toMatchObject({ lines: [], itemCount: 0, subtotalPaise: 0, totalPaise: 0, payable: false, pincode: '560001' });
  });

  it('prices three lines of different sizes and quantities on the server', async () => {
    const first = await addLine(asha.token, lineBody(ashaPhoto, { quantity: 2 }));
    expect(first.statusCode, first.body).toBe(201);
    const { line, cart } = first.json<{ line: CartLine; cart: Cart }>();
    expect(line).toMatchObject({
      uploadId: ashaPhoto,
      sizeId: c.sizeId,
      widthIn: c.widthIn,
      heightIn: c.heightIn,
      quantity: 2,
      unitPaise: price(c.widthIn, c.heightIn, 1),
      linePaise: price(c.widthIn, c.heightIn, 2),
      problem: null,
    });
    expect(line.thumbnailUrl).toBeTruthy();
    expect(cart.lines).toHaveLength(1);

    expect((await addLine(asha.token, lineBody(ashaPhoto, { sizeId: other.id, quantity: 3, selectedMotifBorder: 0 }))).statusCode).toBe(
      201,
    );
    const custom = await addLine(asha.token, lineBody(ashaPhoto, { sizeId: null, customWidth: 14, customHeight: 11, quantity: 1 }));
    expect(custom.statusCode, custom.body).toBe(201);

    const all = await getCart(asha.token);
    const expected = [price(c.widthIn, c.heightIn, 2), price(other.widthIn, other.heightIn, 3, 0), price(14, 11, 1)];
    expect(all.lines.map((l) => l.linePaise)).toEqual(expected);
    expect(all.lines.map((l) => l.quantity)).toEqual([2, 3, 1]);
    expect(all).toMatchObject({ itemCount: 6, subtotalPaise: expected[0]! + expected[1]! + expected[2]!, payable: true });
  });

  it("changes and removes only the customer's own lines; another's is 404", async () => {
    const [first, second] = (await getCart(asha.token)).lines;
    const raviAdd = await addLine(ravi.token, lineBody(raviPhoto));
    expect(raviAdd.statusCode, raviAdd.body).toBe(201);
    const raviLine = raviAdd.json<{ line: CartLine }>().line;

    expectError(await patchLine(asha.token, raviLine.id, { quantity: 5 }), 404, 'NOT_FOUND');
    expectError(await deleteLine(asha.token, raviLine.id), 404, 'NOT_FOUND');
    expectError(await patchLine(ravi.token, first!.id, { quantity: 5 }), 404, 'NOT_FOUND');
    expectError(await deleteLine(asha.token, 'no-such-line'), 404, 'NOT_FOUND');
    expect((await getCart(ravi.token)).lines).toEqual([raviLine]);

    const patched = await patchLine(asha.token, first!.id, { quantity: 4 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ line: CartLine }>().line).toMatchObject({ quantity: 4, linePaise: price(c.widthIn, c.heightIn, 4) });

    const removed = await deleteLine(asha.token, second!.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ cart: Cart }>().cart.lines.map((l) => l.id)).not.toContain(second!.id);
    expect((await getCart(ravi.token)).lines).toEqual([raviLine]);
  });

  it('refuses bad lines with a clear 4xx and keeps nothing', async () => {
    const before = await lineCount(asha.user._id);
    for (const quantity of [0, 51, 1.5]) {
      expect(expectError(await addLine(asha.token, lineBody(ashaPhoto, { quantity })), 400, 'VALIDATION').message).toMatch(/quantity/i);
    }
    const [line] = (await getCart(asha.token)).lines;
    expectError(await patchLine(asha.token, line!.id, { quantity: 51 }), 400, 'VALIDATION');
    expectError(await addLine(asha.token, lineBody(raviPhoto)), 404, 'NOT_FOUND');
    expectError(await addLine(asha.token, lineBody('no-such-upload')), 404, 'NOT_FOUND');
    expectError(await addLine(asha.token, lineBody(ashaPhoto, { selectedFrame: 'no-such-finish' })), 422, 'RULE_BROKEN');
    expectError(await addLine(asha.token, lineBody(ashaPhoto, { sizeId: 'no-such-size' })), 422, 'RULE_BROKEN');
    expectError(await addLine(asha.token, lineBody(ashaPhoto, { selectedMotifBorder: 0.5 })), 422, 'RULE_BROKEN');
    expectError(await addLine(asha.token, lineBody(ashaPhoto, { sizeId: null, customWidth: 2, customHeight: 2 })), 422, 'RULE_BROKEN');
    expect(await lineCount(asha.user._id)).toBe(before);
  });

  it('marks a line whose finish was retired or whose photo expired, and the cart is not payable', async () => {
    await t.database.pool.query('UPDATE frame_finishes SET active = false WHERE id = $1', [c.finishId]);
    try {
      const cart = await getCart(asha.token);
      expect(cart.payable).toBe(false);
      expect(cart.lines.every((l) => l.problem === 'frame_retired' && l.linePaise === null)).toBe(true);
      expect(cart.lines[0]!.problemMessage).toBe('This frame is not offered any more. Please choose another frame.');
      expect(cart.subtotalPaise).toBe(0);
    } finally {
      await t.database.pool.query('UPDATE frame_finishes SET active = true WHERE id = $1', [c.finishId]);
    }
    await t.database.pool.query(`UPDATE uploads SET expires_at = now() - interval '1 day' WHERE id = $1`, [raviPhoto]);
    const raviCart = await getCart(ravi.token);
    expect(raviCart.lines[0]).toMatchObject({ problem: 'photo_expired', problemMessage: expect.stringMatching(/expired/) });
    expect(raviCart.payable).toBe(false);
    expect((await getCart(asha.token)).payable).toBe(true);
  });

  it('adds a line once per clientLineId (a merge retried never doubles it)', async () => {
    await clearCart(asha.user._id);
    const body = lineBody(ashaPhoto, { clientLineId: 'local-line-0001', quantity: 2 });
    const first = await addLine(asha.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await addLine(asha.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ line: CartLine }>().line.id).toBe(first.json<{ line: CartLine }>().line.id);
    expect(await lineCount(asha.user._id)).toBe(1);
    expectError(await addLine(asha.token, lineBody(ashaPhoto, { clientLineId: 'bad id!' })), 400, 'VALIDATION');
  });

  it(`holds at most ${MAX_CART_LINES} lines, also under concurrent adds`, async () => {
    await clearCart(asha.user._id);
    const answers = await Promise.all(
      Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => addLine(asha.token, lineBody(ashaPhoto, { quantity: (i % 50) + 1 }))),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_CART_LINES);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(expectError(res, 422, 'RULE_BROKEN').message).toMatch(/at most 20/);
    }
    expect(await lineCount(asha.user._id)).toBe(MAX_CART_LINES);
    const cart = await getCart(asha.token);
    expect(cart.itemCount).toBe(
      answers.filter((r) => r.statusCode === 201).reduce((n, r) => n + r.json<{ line: CartLine }>().line.quantity, 0),
    );
    expect((await getCart(ravi.token)).lines).toHaveLength(1);
  });
});
