/**
 * The cart's changes shared by several pages: adding the editor's finished order, saving a line opened from the cart
 * in the editor, and moving the browser's lines into the account after sign-in. Each writes to the right place: the
 * server cart when signed in (and the answer into TanStack Query's cache), else the browser's cart.
 */
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { MAX_CART_LINES, type AddCartLineBody, type Cart, type CartLine } from '@framewala/domain';
import { getSession } from '../auth';
import { BUY_NOW, WHOLE_CART, type CheckoutSourceName } from '../checkout/checkout-source';
import { errorText } from '../error-messages';
import { i18n } from '../i18n';
import type { OrderDraft } from '../order-draft/order-draft';
import { addServerLine, CART_QUERY_KEY, cartQueryOptions, fetchCart, removeServerLine } from './cart-api';
import {
  addLocalLine,
  cartFullMessage,
  getLocalCart,
  lineBody,
  mergeLocalLines,
  newClientLineId,
  notFinishedMessage,
  rememberDraft,
  replaceLocalLine,
  updateLocalCart,
  type EditingLine,
  type LocalCart,
  type LocalCartLine,
} from './local-cart';

/** The key the signed-in customer's server cart is kept under: the user's id ('me' without stored details), or null. */
export function cartUserId(session: ReturnType<typeof getSession>): string | null {
  return session ? (session.user?._id ?? 'me') : null;
}

function signedInUserId(): string | null {
  return cartUserId(getSession());
}

/** Puts the server's answer (the whole cart, priced) in the cache: every page showing the cart re-renders with it. */
export function storeServerCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartQueryOptions(signedInUserId()).queryKey, cart);
}

export type CartResult = { ok: true } | { ok: false; message: string };

/** A change the server refused or could not make, said for the customer. */
export const cartChangeFailed = (error: unknown): { ok: false; message: string } => ({
  ok: false,
  message: errorText(error, i18n._(msg`The cart could not be changed. Please try again.`)),
});

/** Adds the editor's finished order as a new line: to the server cart when signed in, else to the browser's. */
export async function addToCart(queryClient: QueryClient, draft: OrderDraft, serverLineCount: number): Promise<CartResult> {
  const clientLineId = newClientLineId();
  if (signedInUserId() === null) {
    const change = addLocalLine(getLocalCart(), draft, clientLineId);
    if (!change.ok) return change;
    updateLocalCart(() => change.cart);
    return { ok: true };
  }
  if (serverLineCount + getLocalCart().lines.length >= MAX_CART_LINES) return { ok: false, message: cartFullMessage() };
  const body = lineBody(draft, clientLineId);
  if (!body) return { ok: false, message: notFinishedMessage() };
  try {
    const { cart } = await addServerLine(body);
    updateLocalCart((c) => rememberDraft(c, clientLineId, draft));
    storeServerCart(queryClient, cart);
    return { ok: true };
  } catch (error) {
    return cartChangeFailed(error);
  }
}

/**
 * Saves an edited line in place. A browser line keeps its place and id. A server line is replaced: the new choices
 * are added first (so a refusal leaves the old line as it was), then the old line is removed.
 */
export async function saveEditedLine(queryClient: QueryClient, editing: EditingLine, draft: OrderDraft): Promise<CartResult> {
  if (editing.serverId === null && editing.clientLineId !== null) {
    const id = editing.clientLineId;
    if (!getLocalCart().lines.some((l) => l.clientLineId === id)) return addToCart(queryClient, draft, 0);
    updateLocalCart((c) => replaceLocalLine(c, id, draft));
    if (signedInUserId() !== null) await mergeIntoAccount(queryClient);
    return { ok: true };
  }
  if (editing.serverId === null || signedInUserId() === null) return addToCart(queryClient, draft, 0);
  const clientLineId = newClientLineId();
  const body = lineBody(draft, clientLineId);
  if (!body) return { ok: false, message: notFinishedMessage() };
  try {
    const current = queryClient.getQueryData(cartQueryOptions(signedInUserId()).queryKey) ?? (await fetchCart());
    const still = current.lines.some((l) => l.id === editing.serverId);
    // A full cart has no room for the new line beside the old one: remove the old first.
    if (still && current.lines.length >= MAX_CART_LINES) await removeServerLine(editing.serverId);
    const { cart } = await addServerLine(body);
    let latest = cart;
    if (still && current.lines.length < MAX_CART_LINES) latest = await removeServerLine(editing.serverId);
    updateLocalCart((c) => {
      const next = rememberDraft(c, clientLineId, draft);
      return editing.clientLineId ? removeDraftOnly(next, editing.clientLineId) : next;
    });
    storeServerCart(queryClient, latest);
    return { ok: true };
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    return cartChangeFailed(error);
  }
}

function removeDraftOnly(cart: LocalCart, clientLineId: string): LocalCart {
  const drafts = { ...cart.drafts };
  delete drafts[clientLineId];
  return { ...cart, drafts };
}

let merging: Promise<void> | null = null;

/**
 * Moves the browser's anonymous lines into the signed-in customer's server cart (see `mergeLocalLines`): after
 * sign-in, and again whenever lines are left over (a refused or unreachable line is kept, never dropped).
 * Concurrent calls share one run.
 */
export function mergeIntoAccount(queryClient: QueryClient | null): Promise<void> {
  if (merging) return merging;
  const run = async () => {
    const cart = getLocalCart();
    if (signedInUserId() === null || cart.lines.every((l) => l.problem !== null)) return;
    const pendingOnly = { ...cart, lines: cart.lines.filter((l) => l.problem === null) };
    const result = await mergeLocalLines(pendingOnly, async (body) => (await addServerLine(body, { redirectOnUnauthorized: false })).line);
    const left = new Map(result.cart.lines.map((l) => [l.clientLineId, l.problem]));
    const moved = pendingOnly.lines.filter((l) => !left.has(l.clientLineId));
    updateLocalCart((current) => {
      let next = { ...current, lines: current.lines.filter((l) => !moved.some((m) => m.clientLineId === l.clientLineId)) };
      for (const line of moved) next = rememberDraft(next, line.clientLineId, line.draft);
      return {
        ...next,
        lines: next.lines.map((l) => (left.get(l.clientLineId) ? { ...l, problem: left.get(l.clientLineId) ?? null } : l)),
      };
    });
    await queryClient?.invalidateQueries({ queryKey: CART_QUERY_KEY });
  };
  merging = run().finally(() => {
    merging = null;
  });
  return merging;
}

type LineChoices = Pick<AddCartLineBody, 'uploadId' | 'sizeId' | 'selectedFrame' | 'selectedMotifBorder' | 'quantity'> & {
  customWidth?: number | null;
  customHeight?: number | null;
};

/** The same photo, size, frame, border and quantity: the same line (what 'Add to cart' would add again). */
function sameChoices(a: LineChoices, b: LineChoices): boolean {
  return (
    a.uploadId === b.uploadId &&
    a.sizeId === b.sizeId &&
    (a.sizeId !== null || ((a.customWidth ?? null) === (b.customWidth ?? null) && (a.customHeight ?? null) === (b.customHeight ?? null))) &&
    a.selectedFrame === b.selectedFrame &&
    a.selectedMotifBorder === b.selectedMotifBorder &&
    a.quantity === b.quantity
  );
}

/** Whether a line of the cart (the server's, or one still in the browser) is already this draft, choice for choice. */
export function cartHoldsDraft(serverLines: readonly CartLine[], localLines: readonly LocalCartLine[], draft: OrderDraft): boolean {
  const body = lineBody(draft);
  if (!body) return false;
  if (serverLines.some((line) => sameChoices(line, body))) return true;
  return localLines.some((line) => {
    const other = lineBody(line.draft);
    return other !== null && sameChoices(other, body);
  });
}

export type CheckoutStart = { ok: true; source: CheckoutSourceName } | { ok: false; message: string };

/**
 * 'Proceed to Checkout' from the editor. With an empty cart the frame is bought at once (buy now, the saved cart
 * untouched). With lines in the cart the whole cart is checked out with the frame in it: added as a line, unless a
 * line already holds it (put there with 'Add to cart'), or saved in place of the line it was opened from.
 */
export async function startCheckout(queryClient: QueryClient, draft: OrderDraft, editing: EditingLine | null): Promise<CheckoutStart> {
  const userId = signedInUserId();
  const local = getLocalCart().lines;
  let serverLines: readonly CartLine[] = [];
  if (userId !== null) {
    try {
      serverLines = (await queryClient.fetchQuery(cartQueryOptions(userId))).lines;
    } catch (error) {
      return cartChangeFailed(error);
    }
  }
  if (serverLines.length + local.length === 0) return { ok: true, source: BUY_NOW };
  if (cartHoldsDraft(serverLines, local, draft)) return { ok: true, source: WHOLE_CART };
  const result = editing ? await saveEditedLine(queryClient, editing, draft) : await addToCart(queryClient, draft, serverLines.length);
  return result.ok ? { ok: true, source: WHOLE_CART } : result;
}
