/**
 * The cart as the pages see it: the browser's anonymous lines (priced with the editor's own domain functions) or,
 * signed in, the server cart (TanStack Query; the server prices it) plus any line the sign-in merge could not move.
 * The actions write to the right place; the header's count, the editor's summary and /addtocart share this state.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  longestOuterSide,
  MAX_CART_LINES,
  type Cart,
  type CartLine,
  type CartLineProblem,
  type FrameSet,
  type MotifBorder,
} from '@framewala/domain';
import { getSession, useSession } from './auth';
import {
  addLocalLine,
  cartFullMessage,
  getLocalCart,
  lineBody,
  mergeLocalLines,
  newClientLineId,
  notFinishedMessage,
  rememberDraft,
  removeLocalLine,
  replaceLocalLine,
  setLocalQuantity,
  updateLocalCart,
  useLocalCart,
  type EditingLine,
  type LocalCartLine,
} from './cart';
import {
  addServerLine,
  applyCartCoupon,
  cartQueryKey,
  fetchCart,
  removeCartCoupon,
  removeServerLine,
  setServerLineQuantity,
} from './cart-api';
import { borderForIndex, borderInches, chosenFrame, chosenPrintSize, orderPrice } from './editor-model';
import { useFrameSets, useWhiteBorders } from './catalogue';
import { catalogueText } from './catalogue-text';
import { borderNameText } from './print-texts';
import { errorText } from './error-messages';
import { activeLocale, i18n } from './i18n';
import type { OrderDraft } from './order-storage';

/** One line as /addtocart shows it, wherever it lives. */
export type CartItem = {
  /** The server line's id, or the browser's `clientLineId` for a line kept in the browser. */
  key: string;
  serverId: string | null;
  clientLineId: string | null;
  uploadId: string;
  /** The server line's size id (null for a custom size or a browser line). */
  serverSizeId: string | null;
  thumbnailUrl: string | null;
  /** Print size in inches (for the framed thumbnail and the oversize charge). */
  widthIn: number | null;
  heightIn: number | null;
  borderIn: number;
  mouldingIn: number | null;
  /** The finish id (the framed thumbnail's moulding art). */
  frameId: string;
  sizeName: string | null;
  custom: boolean;
  /** 'Walnut · Classic' (finish, set) and the border's name, in the page's language. */
  frameName: string | null;
  borderName: string | null;
  quantity: number;
  unitPaise: number | null;
  linePaise: number | null;
  /** Null when the line can be paid for; else what is wrong, for the customer. */
  problem: string | null;
  /** The editor's order for Edit, when this browser has it. */
  draft: OrderDraft | null;
};

export type CartView = {
  signedIn: boolean;
  /** False while the server cart or the catalogue loads. */
  ready: boolean;
  error: Error | null;
  items: CartItem[];
  itemCount: number;
  subtotalPaise: number;
  /** The longest outer side of any framed piece (the oversize shipping charge). */
  maxOuterInches: number;
  /** The server cart (signed in), for the checkout's figures. */
  server: Cart | null;
  payable: boolean;
};

const EXPIRED = msg`This photo has expired. Please upload it again and frame it anew.`;
const RETIRED = msg`This frame finish is no longer offered. Please edit the frame.`;

/**
 * What stops a server line being paid for, by the contract's problem. In English the server's own words are shown
 * (they may name the case more closely); in another language these.
 */
export const CART_LINE_PROBLEM_TEXTS: Record<CartLineProblem, MessageDescriptor> = {
  photo_expired: EXPIRED,
  photo_missing: msg`This photo is no longer with us. Please upload it again and frame it anew.`,
  photo_not_ready: msg`This photo is still being prepared. Please try again in a minute.`,
  frame_retired: RETIRED,
  size_retired: msg`This size is no longer offered. Please edit the size.`,
  border_retired: msg`This white border is no longer offered. Please edit the border.`,
  invalid: msg`This framed photo cannot be ordered as it is. Please edit it or remove it.`,
};

function serverLineProblem(line: CartLine): string | null {
  if (line.problem === null) return line.problemMessage;
  if (activeLocale() === 'en' && line.problemMessage) return line.problemMessage;
  return i18n._(CART_LINE_PROBLEM_TEXTS[line.problem]);
}

/** A browser line priced now by the domain with the catalogue, or marked with what stops it being paid for. */
export function localItem(
  line: LocalCartLine,
  sets: readonly FrameSet[] | undefined,
  borders: readonly MotifBorder[] | undefined,
  now = Date.now(),
): CartItem {
  const { draft } = line;
  const print = chosenPrintSize(draft);
  const choice = chosenFrame(draft, sets);
  const price = orderPrice(draft, sets, borders);
  const borderIn = borderInches(draft.borderLevel);
  const border = draft.borderLevel > 0 ? borderForIndex(borders, draft.borderLevel) : null;
  const expiresAt = typeof draft.photo.expiresAt === 'string' ? Date.parse(draft.photo.expiresAt) : NaN;
  const problem =
    line.problem ??
    (Number.isFinite(expiresAt) && expiresAt <= now
      ? i18n._(EXPIRED)
      : !print
        ? notFinishedMessage()
        : sets && !choice
          ? i18n._(RETIRED)
          : null);
  return {
    key: line.clientLineId,
    serverId: null,
    clientLineId: line.clientLineId,
    uploadId: draft.photo._id,
    serverSizeId: null,
    thumbnailUrl: draft.photo.thumbnailUrl ?? draft.photo.url,
    widthIn: print?.widthIn ?? null,
    heightIn: print?.heightIn ?? null,
    borderIn,
    mouldingIn: choice?.set.sizeInInches ?? null,
    frameId: draft.frameId ?? '',
    sizeName: print?.name ?? null,
    custom: print?.kind === 'custom',
    frameName: choice
      ? `${catalogueText(choice.frame.frameName, choice.frame.frameNameHi)} · ${catalogueText(choice.set.frameName, choice.set.frameNameHi)}`
      : null,
    borderName: border && border.size > 0 ? borderNameText(border.name, border.nameHi) : null,
    quantity: draft.quantity,
    unitPaise: problem ? null : (price?.unitPaise ?? null),
    linePaise: problem ? null : (price?.checkoutPaise ?? null),
    problem,
    draft,
  };
}

export function serverItem(line: CartLine, draft: OrderDraft | null): CartItem {
  return {
    key: line.id,
    serverId: line.id,
    clientLineId: line.clientLineId,
    uploadId: line.uploadId,
    serverSizeId: line.sizeId,
    thumbnailUrl: line.thumbnailUrl,
    widthIn: line.widthIn,
    heightIn: line.heightIn,
    borderIn: line.borderIn,
    mouldingIn: line.mouldingIn,
    frameId: line.selectedFrame,
    sizeName: line.sizeName,
    custom: line.sizeId === null,
    frameName: line.finishName
      ? [catalogueText(line.finishName, line.finishNameHi), catalogueText(line.frameSetName, line.frameSetNameHi)]
          .filter(Boolean)
          .join(' · ')
      : null,
    borderName: line.borderIn > 0 && line.borderName ? borderNameText(line.borderName, line.borderNameHi) : null,
    quantity: line.quantity,
    unitPaise: line.unitPaise,
    linePaise: line.linePaise,
    problem: serverLineProblem(line),
    draft,
  };
}

function outerOf(items: readonly CartItem[]): number {
  return longestOuterSide(
    items.flatMap((i) =>
      i.widthIn !== null && i.heightIn !== null && i.mouldingIn !== null
        ? [{ widthIn: i.widthIn, heightIn: i.heightIn, borderIn: i.borderIn, mouldingIn: i.mouldingIn }]
        : [],
    ),
  );
}

/** The server cart of the signed-in customer (shared by the header, /addtocart and the checkout). */
export function useServerCart(userId: string | null) {
  return useQuery({
    queryKey: cartQueryKey(userId),
    queryFn: ({ signal }) => fetchCart(signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}

export function useCart(): CartView {
  const session = useSession();
  const userId = session?.user?._id ?? (session ? 'me' : null);
  const local = useLocalCart();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const server = useServerCart(session ? userId : null);
  const leftovers = local.lines.map((l) => localItem(l, sets.data, borders.data));
  const serverItems = (server.data?.lines ?? []).map((l) => serverItem(l, l.clientLineId ? (local.drafts[l.clientLineId] ?? null) : null));
  const items = [...serverItems, ...leftovers];
  const count = (list: readonly CartItem[]) => list.reduce((n, i) => n + i.quantity, 0);
  const localSubtotal = leftovers.reduce((n, i) => n + (i.linePaise ?? 0), 0);
  const signedIn = session !== null;
  return {
    signedIn,
    ready: (signedIn ? !server.isPending : true) && (local.lines.length === 0 || (!sets.isPending && !borders.isPending)),
    error: server.error ?? null,
    items,
    itemCount: count(items),
    subtotalPaise: (server.data?.subtotalPaise ?? 0) + localSubtotal,
    maxOuterInches: outerOf(items),
    server: server.data ?? null,
    payable: items.length > 0 && items.every((i) => i.problem === null),
  };
}

/**
 * The header's count: framed pieces in the cart (the sum of quantities), without the catalogue. Signed in, it also
 * moves lines left in the browser into the account (a sign-in in another tab, or a merge cut short).
 */
export function useCartCount(): number {
  const session = useSession();
  const local = useLocalCart();
  const server = useServerCart(session ? (session.user?._id ?? 'me') : null);
  const queryClient = useQueryClient();
  const unmerged = session !== null && local.lines.some((l) => l.problem === null);
  useEffect(() => {
    if (unmerged) void mergeIntoAccount(queryClient).then(() => queryClient.invalidateQueries({ queryKey: ['cart'] }));
  }, [unmerged, queryClient]);
  return (server.data?.itemCount ?? 0) + local.lines.reduce((n, l) => n + l.draft.quantity, 0);
}

// ── Actions ─────────────────────────────────────────────────────────────────────────────────────────────────────

function signedInUserId(): string | null {
  const session = getSession();
  return session ? (session.user?._id ?? 'me') : null;
}

function storeServerCart(queryClient: QueryClient, cart: Cart) {
  queryClient.setQueryData(cartQueryKey(signedInUserId()), cart);
}

export type CartResult = { ok: true } | { ok: false; message: string };

const failure = (error: unknown): CartResult => ({
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
    return failure(error);
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
    const current = queryClient.getQueryData<Cart>(cartQueryKey(signedInUserId())) ?? (await fetchCart());
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
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    return failure(error);
  }
}

function removeDraftOnly(cart: ReturnType<typeof getLocalCart>, clientLineId: string) {
  const drafts = { ...cart.drafts };
  delete drafts[clientLineId];
  return { ...cart, drafts };
}

export async function changeQuantity(queryClient: QueryClient, item: CartItem, quantity: number): Promise<CartResult> {
  if (item.serverId === null) {
    if (item.clientLineId) updateLocalCart((c) => setLocalQuantity(c, item.clientLineId!, quantity));
    return { ok: true };
  }
  try {
    const { cart } = await setServerLineQuantity(item.serverId, quantity);
    if (item.clientLineId) {
      const draft = getLocalCart().drafts[item.clientLineId];
      if (draft) updateLocalCart((c) => rememberDraft(c, item.clientLineId!, { ...draft, quantity }));
    }
    storeServerCart(queryClient, cart);
    return { ok: true };
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    return failure(error);
  }
}

export async function removeItem(queryClient: QueryClient, item: CartItem): Promise<CartResult> {
  if (item.serverId === null) {
    if (item.clientLineId) updateLocalCart((c) => removeLocalLine(c, item.clientLineId!));
    return { ok: true };
  }
  try {
    const cart = await removeServerLine(item.serverId);
    if (item.clientLineId) updateLocalCart((c) => removeLocalLine(c, item.clientLineId!));
    storeServerCart(queryClient, cart);
    return { ok: true };
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    return failure(error);
  }
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
    await queryClient?.invalidateQueries({ queryKey: ['cart'] });
  };
  merging = run().finally(() => {
    merging = null;
  });
  return merging;
}

/** The cart actions bound to the app's query client. */
export function useCartActions() {
  const queryClient = useQueryClient();
  return {
    add: (draft: OrderDraft, serverLineCount: number) => addToCart(queryClient, draft, serverLineCount),
    saveEdit: (editing: EditingLine, draft: OrderDraft) => saveEditedLine(queryClient, editing, draft),
    setQuantity: (item: CartItem, quantity: number) => changeQuantity(queryClient, item, quantity),
    remove: (item: CartItem) => removeItem(queryClient, item),
    merge: () => mergeIntoAccount(queryClient),
    /** The server prices the code for the account's cart; throws the reason (422) when it does not apply. */
    applyCoupon: async (code: string) => storeServerCart(queryClient, await applyCartCoupon(code)),
    removeCoupon: async () => storeServerCart(queryClient, await removeCartCoupon()),
  };
}
