import crypto from 'node:crypto';
import { expect } from 'vitest';
import { DEFAULT_SHIPPING_SETTINGS, longestOuterSide, priceOrder, quoteShipping } from '@framewala/domain';
import type { TestApp } from './helpers';
import type { Client } from './accounts-helpers';
import { plainJpeg, uploadRequest } from './upload-fixtures';

export interface Catalogue {
  sizeId: string;
  widthIn: number;
  heightIn: number;
  finishId: string;
  rate: number;
  mouldingIn: number;
  borderIn: number;
  borderPrice: number;
}

/** A landscape preset size, a finish and a non-zero border from the seeded catalogue. */
export async function pickCatalogue(t: TestApp): Promise<Catalogue> {
  const { rows: sizes } = await t.database.pool.query<{ id: string; width_in: number; height_in: number }>(
    'SELECT id, width_in, height_in FROM preset_sizes WHERE active AND width_in > height_in ORDER BY sort, id LIMIT 1',
  );
  const { rows: finishes } = await t.database.pool.query<{ id: string; rate: number; moulding_in: number }>(
    'SELECT f.id, s.rate_paise_per_sq_in AS rate, s.moulding_in FROM frame_finishes f JOIN frame_sets s ON s.id = f.set_id WHERE f.active AND s.active ORDER BY s.sort, f.sort LIMIT 1',
  );
  const { rows: borders } = await t.database.pool.query<{ size_in: number; price_paise: number }>(
    'SELECT size_in, price_paise FROM white_borders WHERE level = 2',
  );
  return {
    sizeId: sizes[0]!.id,
    widthIn: sizes[0]!.width_in,
    heightIn: sizes[0]!.height_in,
    finishId: finishes[0]!.id,
    rate: finishes[0]!.rate,
    mouldingIn: finishes[0]!.moulding_in,
    borderIn: borders[0]!.size_in,
    borderPrice: borders[0]!.price_paise,
  };
}

/** The framed pieces' price, before shipping. */
export function expectedSubtotal(c: Catalogue, quantity = 1): number {
  return priceOrder({ widthIn: c.widthIn, heightIn: c.heightIn, frameRatePaisePerSqIn: c.rate, borderPricePaise: c.borderPrice, quantity })
    .amountPaise;
}

/** Shipping to the saved address (560001, Bengaluru: metro) with the default settings, from the domain's rules. */
export function expectedShipping(c: Catalogue, quantity = 1): number {
  const maxOuterInches = longestOuterSide([{ widthIn: c.widthIn, heightIn: c.heightIn, borderIn: c.borderIn, mouldingIn: c.mouldingIn }]);
  return quoteShipping({ zone: 'metro', subtotalPaise: expectedSubtotal(c, quantity), maxOuterInches }, DEFAULT_SHIPPING_SETTINGS);
}

/** What create-order charges: the pieces plus shipping. */
export function expectedAmount(c: Catalogue, quantity = 1): number {
  return expectedSubtotal(c, quantity) + expectedShipping(c, quantity);
}

export async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const res = await t.app.inject(uploadRequest(await plainJpeg(900, 720), { token, claim: null }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

export async function saveAddress(t: TestApp, userId: string): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO addresses (user_id, full_name, phone, email, address_line1, city, state, postal_code, in_directory)
     VALUES ($1, 'Asha Rao', '+919876543210', 'asha@example.in', '12, MG Road', 'Bangalore', 'Karnataka', '560001', true)`,
    [userId],
  );
}

export function orderBody(c: Catalogue, uploadId: string, overrides: Record<string, unknown> = {}) {
  const quantity = typeof overrides.quantity === 'number' ? overrides.quantity : 1;
  return {
    amount: expectedAmount(c, Number.isInteger(quantity) ? Math.min(Math.max(quantity, 1), 50) : 1),
    currency: 'INR',
    image_url: 'http://localhost/whatever.jpg',
    selectedFrame: c.finishId,
    selectedSize: 'anything the client says',
    selectedFrameInches: 1,
    selectedMotifBorder: c.borderIn,
    customSize: 0,
    quantity,
    uploadId,
    sizeId: c.sizeId,
    ...overrides,
  };
}

export function newKey(): string {
  return crypto.randomUUID();
}

export async function createOrder(client: Client, token: string, body: object, key = newKey()) {
  return client.post('/api/create-order', body, { token, headers: { 'idempotency-key': key } });
}
