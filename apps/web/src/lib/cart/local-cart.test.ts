import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES, type AddCartLineBody, type CartLine } from '@framewala/domain';
import { ApiError } from '../api';
import {
  addLocalLine,
  CART_STORAGE_KEY,
  EMPTY_CART,
  getLocalCart,
  lineBody,
  mergeLocalLines,
  parseLocalCart,
  pruneDrafts,
  removeLocalLine,
  replaceLocalLine,
  setLocalQuantity,
  updateLocalCart,
  type LocalCart,
} from './local-cart';
import { newOrderDraft, type OrderDraft } from '../order-draft/order-draft';

const photo = (id: string) => ({ _id: id, url: `/media/${id}.webp`, imageType: 'landscape' as const, width: 3000, height: 2000 });

function finished(id: string, over: Partial<OrderDraft> = {}): OrderDraft {
  return {
    ...newOrderDraft(photo(id)),
    size: { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 },
    frameSetId: 'set-classic',
    frameId: 'classic--walnut',
    borderLevel: 2,
    quantity: 1,
    step: 5,
    ...over,
  };
}

function cartOf(...ids: string[]): LocalCart {
  let cart = EMPTY_CART;
  for (const id of ids) {
    const change = addLocalLine(cart, finished(id), `line-${id}-000`);
    if (!change.ok) throw new Error(change.message);
    cart = change.cart;
  }
  return cart;
}

const serverLine = (body: AddCartLineBody, id: string) => ({ id, clientLineId: body.clientLineId ?? null }) as CartLine;

describe('the browser cart', () => {
  it('turns a finished draft into the cart contract body (custom sizes in inches, border by level)', () => {
    expect(lineBody(finished('a'), 'line-a-000')).toEqual({
      uploadId: 'a',
      sizeId: '3x2-12x8',
      selectedFrame: 'classic--walnut',
      selectedMotifBorder: 0.8,
      quantity: 1,
      clientLineId: 'line-a-000',
    });
    const custom = finished('b', { size: null, customSize: { width: '16', height: '10' } });
    expect(lineBody(custom)).toMatchObject({ sizeId: null, customWidth: 16, customHeight: 10 });
    expect(lineBody(finished('c', { frameId: null }))).toBeNull();
    expect(lineBody(finished('d', { size: null, customSize: { width: '99', height: '10' } }))).toBeNull();
  });

  it(`adds, edits in place, changes quantities within 1–50 and removes; at most ${MAX_CART_LINES} lines`, () => {
    let cart = cartOf('a', 'b');
    expect(cart.lines.map((l) => l.clientLineId)).toEqual(['line-a-000', 'line-b-000']);
    cart = replaceLocalLine(cart, 'line-a-000', finished('a', { borderLevel: 0, frameId: 'classic--matte-black' }));
    expect(cart.lines[0]).toMatchObject({ clientLineId: 'line-a-000', draft: { frameId: 'classic--matte-black', borderLevel: 0 } });
    expect(cart.lines).toHaveLength(2);
    cart = setLocalQuantity(cart, 'line-b-000', 50);
    expect(cart.lines[1]!.draft.quantity).toBe(50);
    expect(setLocalQuantity(cart, 'line-b-000', 51)).toBe(cart);
    expect(setLocalQuantity(cart, 'line-b-000', 0)).toBe(cart);
    expect(setLocalQuantity(cart, 'line-b-000', 1.5)).toBe(cart);
    cart = removeLocalLine(cart, 'line-a-000');
    expect(cart.lines.map((l) => l.clientLineId)).toEqual(['line-b-000']);

    const full = cartOf(...Array.from({ length: MAX_CART_LINES }, (_, i) => `p${i}`));
    const refused = addLocalLine(full, finished('one-more'), 'line-more-000');
    expect(refused).toEqual({ ok: false, message: expect.stringContaining(`at most ${MAX_CART_LINES}`) });
    expect(addLocalLine(EMPTY_CART, finished('x', { frameId: null }), 'line-x-000').ok).toBe(false);
  });

  it('survives a reload and reads a damaged store leniently', () => {
    updateLocalCart(() => cartOf('a', 'b'));
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    expect(parseLocalCart(raw)).toEqual(getLocalCart());
    expect(getLocalCart().lines).toHaveLength(2);
    expect(parseLocalCart('{not json')).toEqual(EMPTY_CART);
    const damaged = JSON.stringify({
      lines: [
        { clientLineId: 'bad id!', draft: finished('a') },
        { clientLineId: 'line-ok-000', draft: { photo: null } },
        ...cartOf('c').lines,
      ],
      drafts: { 'line-d-000': finished('d'), x: finished('e') },
    });
    const read = parseLocalCart(damaged);
    expect(read.lines.map((l) => l.clientLineId)).toEqual(['line-c-000']);
    expect(Object.keys(read.drafts)).toEqual(['line-d-000']);
  });

  it('merges into the account without losing or doubling a line, even when cut short and retried', async () => {
    const server = new Map<string, string>();
    let calls = 0;
    let failAt = 2;
    const post = async (body: AddCartLineBody) => {
      calls += 1;
      if (calls === failAt) throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
      if (body.uploadId === 'expired') throw new ApiError({ status: 422, code: 'RULE_BROKEN', message: 'This photo has expired.' });
      // The server holds each clientLineId once, as the contract says.
      if (!server.has(body.clientLineId!)) server.set(body.clientLineId!, `srv-${server.size + 1}`);
      return serverLine(body, server.get(body.clientLineId!)!);
    };
    const start = cartOf('a', 'b', 'expired', 'c');

    const first = await mergeLocalLines(start, post);
    expect(first).toMatchObject({ merged: 1, refused: 0, pending: 3 });
    expect(first.cart.lines.map((l) => l.clientLineId)).toEqual(['line-b-000', 'line-expired-000', 'line-c-000']);
    expect(Object.keys(first.cart.drafts)).toEqual(['line-a-000']);

    failAt = -1;
    // A retry that sends everything again, the first line included, must not double it.
    const retry = await mergeLocalLines({ ...first.cart, lines: [...start.lines.slice(0, 1), ...first.cart.lines] }, post);
    expect(retry).toMatchObject({ merged: 3, refused: 1, pending: 0 });
    expect([...server.keys()].sort()).toEqual(['line-a-000', 'line-b-000', 'line-c-000']);
    // The refused line stays in the browser with the server's reason; nothing is lost.
    expect(retry.cart.lines).toEqual([expect.objectContaining({ clientLineId: 'line-expired-000', problem: 'This photo has expired.' })]);
    expect(Object.keys(retry.cart.drafts).sort()).toEqual(['line-a-000', 'line-b-000', 'line-c-000']);

    expect(Object.keys(pruneDrafts(retry.cart, ['line-b-000', null]).drafts)).toEqual(['line-b-000']);
  });
});
