/**
 * The cart kept in the browser, under one localStorage key `framewala.cart`:
 *
 * `{ lines, drafts }`
 * - `lines`: the anonymous cart — framed photos added before sign-in, each the editor's whole order (`OrderDraft`:
 *   photo, size, crop, frame, border, quantity) with the browser's own `clientLineId`. It survives a reload.
 * - `drafts`: for lines already in the signed-in customer's server cart, the editor's order by `clientLineId`, so
 *   **Edit** reopens the photo with its crop and choices on this device (another device rebuilds it from the line).
 *
 * At sign-in `mergeLocalLines` posts every anonymous line to the server cart with its `clientLineId`: the server
 * answers an id it already holds with that line, so a merge cut short and retried neither loses nor doubles a line.
 * The pure functions below are what the tests drive; the store at the end shares one state with every component.
 */
import { msg } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { addCartLineBodySchema, MAX_CART_LINES, isValidQuantity, type AddCartLineBody, type CartLine } from '@framewala/domain';
import { isApiError } from '../api';
import { errorText } from '../error-messages';
import { i18n } from '../i18n';
import { borderInches, chosenPrintSize } from '../order-draft/draft-choices';
import { toOrderDraft, type OrderDraft } from '../order-draft/order-draft';

export const CART_STORAGE_KEY = 'framewala.cart';

export type LocalCartLine = {
  clientLineId: string;
  draft: OrderDraft;
  /** Why the server refused this line at the last merge (the line stays here until it is fixed or removed). */
  problem: string | null;
};

export type LocalCart = {
  lines: LocalCartLine[];
  drafts: Record<string, OrderDraft>;
};

export const EMPTY_CART: LocalCart = { lines: [], drafts: {} };

const CART_FULL = msg`A cart holds at most ${MAX_CART_LINES} framed photos. Please check out or remove one first.`;
const NOT_FINISHED = msg`Choose a size and a frame first.`;

/** Why a photo cannot go into the cart: it is full (in the active language). */
export function cartFullMessage(): string {
  return i18n._(CART_FULL);
}

/** Why a photo cannot go into the cart: its order has no size or frame yet (in the active language). */
export function notFinishedMessage(): string {
  return i18n._(NOT_FINISHED);
}

/** A line's id in the contract's form (8–100 of A–Z a–z 0–9 _ -). */
const clientLineIdSchema = addCartLineBodySchema.shape.clientLineId.unwrap();

/** A new id for a line, in the contract's form (8–100 of A–Z a–z 0–9 _ -). */
export function newClientLineId(): string {
  const uuid = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : null;
  if (uuid) return `cl_${uuid}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `cl_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The stored cart's shape; each line and draft is read on its own below, so one damaged entry costs only itself. */
const storedCartSchema = z.object({
  lines: z.array(z.unknown()).catch([]),
  drafts: z.record(z.string(), z.unknown()).catch({}),
});
const storedLineSchema = z.object({
  clientLineId: clientLineIdSchema,
  draft: z.unknown().optional(),
  problem: z.string().nullable().catch(null),
});

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The stored cart, read leniently: lines without a usable photo or id are dropped, never the whole cart. */
export function parseLocalCart(raw: string | null): LocalCart {
  const parsed = storedCartSchema.safeParse(raw ? parseJson(raw) : null);
  if (!parsed.success) return EMPTY_CART;
  const lines: LocalCartLine[] = [];
  const seen = new Set<string>();
  for (const item of parsed.data.lines) {
    const line = storedLineSchema.safeParse(item);
    if (!line.success || seen.has(line.data.clientLineId)) continue;
    const draft = toOrderDraft(line.data.draft);
    if (!draft) continue;
    seen.add(line.data.clientLineId);
    lines.push({ clientLineId: line.data.clientLineId, draft, problem: line.data.problem });
  }
  const drafts: Record<string, OrderDraft> = {};
  for (const [id, value] of Object.entries(parsed.data.drafts)) {
    const draft = clientLineIdSchema.safeParse(id).success ? toOrderDraft(value) : null;
    if (draft) drafts[id] = draft;
  }
  return { lines: lines.slice(0, MAX_CART_LINES), drafts };
}

/** The choices the server cart takes for a finished draft, or null while the draft lacks a size or a frame. */
export function lineBody(draft: OrderDraft, clientLineId?: string): AddCartLineBody | null {
  const print = chosenPrintSize(draft);
  if (!print || !draft.frameId) return null;
  const custom = print.kind === 'custom';
  const parsed = addCartLineBodySchema.safeParse({
    uploadId: draft.photo._id,
    sizeId: custom ? null : (draft.size?._id ?? null),
    ...(custom ? { customWidth: print.widthIn, customHeight: print.heightIn } : {}),
    selectedFrame: draft.frameId,
    selectedMotifBorder: borderInches(draft.borderLevel),
    quantity: draft.quantity,
    ...(clientLineId ? { clientLineId } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/** The draft as a cart line keeps it: back on the summary step, without the editor's transient fields. */
function keptDraft(draft: OrderDraft): OrderDraft {
  return { ...draft, step: 5 };
}

export type CartChange = { ok: true; cart: LocalCart } | { ok: false; message: string };

/** Adds a finished draft as a new anonymous line (at most MAX_CART_LINES lines). */
export function addLocalLine(cart: LocalCart, draft: OrderDraft, clientLineId: string): CartChange {
  if (cart.lines.length >= MAX_CART_LINES) return { ok: false, message: cartFullMessage() };
  if (!lineBody(draft)) return { ok: false, message: notFinishedMessage() };
  return { ok: true, cart: { ...cart, lines: [...cart.lines, { clientLineId, draft: keptDraft(draft), problem: null }] } };
}

/** Replaces an anonymous line's choices (Edit, then save): same place, same id; the quantity is the draft's. */
export function replaceLocalLine(cart: LocalCart, clientLineId: string, draft: OrderDraft): LocalCart {
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.clientLineId === clientLineId ? { clientLineId, draft: keptDraft(draft), problem: null } : l)),
  };
}

/** A new quantity (1–50) for an anonymous line; anything else changes nothing. */
export function setLocalQuantity(cart: LocalCart, clientLineId: string, quantity: number): LocalCart {
  if (!isValidQuantity(quantity)) return cart;
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.clientLineId === clientLineId ? { ...l, draft: { ...l.draft, quantity } } : l)),
  };
}

export function removeLocalLine(cart: LocalCart, clientLineId: string): LocalCart {
  const drafts = { ...cart.drafts };
  delete drafts[clientLineId];
  return { lines: cart.lines.filter((l) => l.clientLineId !== clientLineId), drafts };
}

/** Remembers the editor's order of a line that lives on the server (for Edit on this device). */
export function rememberDraft(cart: LocalCart, clientLineId: string, draft: OrderDraft): LocalCart {
  return { ...cart, drafts: { ...cart.drafts, [clientLineId]: keptDraft(draft) } };
}

/** Forgets the drafts of lines no longer in the server cart (ordered, removed, or from another device's edit). */
export function pruneDrafts(cart: LocalCart, serverClientIds: readonly (string | null)[]): LocalCart {
  const keep = new Set(serverClientIds.filter((id): id is string => id !== null));
  const entries = Object.entries(cart.drafts);
  if (entries.every(([id]) => keep.has(id))) return cart;
  return { ...cart, drafts: Object.fromEntries(entries.filter(([id]) => keep.has(id))) };
}

export type MergeResult = {
  cart: LocalCart;
  /** Lines now in the server cart (new or already there). */
  merged: number;
  /** Lines the server refused (kept here with the reason). */
  refused: number;
  /** Lines not sent because the shop could not be reached (kept for the next try). */
  pending: number;
};

/**
 * Posts every anonymous line to the server cart, one after the other, each with its `clientLineId`. A line the server
 * holds (answered 201 or 200) moves to `drafts`; a line it refuses (4xx: photo expired, finish retired, cart full)
 * stays with the reason; a network failure or 5xx stops the merge and keeps the rest for the next try.
 */
export async function mergeLocalLines(cart: LocalCart, post: (body: AddCartLineBody) => Promise<CartLine>): Promise<MergeResult> {
  let current = cart;
  let merged = 0;
  let refused = 0;
  let pending = 0;
  let stopped = false;
  for (const line of cart.lines) {
    if (stopped) {
      pending += 1;
      continue;
    }
    const body = lineBody(line.draft, line.clientLineId);
    if (!body) {
      refused += 1;
      current = {
        ...current,
        lines: current.lines.map((l) => (l.clientLineId === line.clientLineId ? { ...l, problem: notFinishedMessage() } : l)),
      };
      continue;
    }
    try {
      await post(body);
      merged += 1;
      current = rememberDraft(
        { ...current, lines: current.lines.filter((l) => l.clientLineId !== line.clientLineId) },
        line.clientLineId,
        line.draft,
      );
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
        refused += 1;
        const problem = errorText(error, i18n._(msg`The shop could not take this photo into your cart.`));
        current = {
          ...current,
          lines: current.lines.map((l) => (l.clientLineId === line.clientLineId ? { ...l, problem } : l)),
        };
      } else {
        stopped = true;
        pending += 1;
      }
    }
  }
  return { cart: current, merged, refused, pending };
}

// ── The store: one state over the key for every component; other tabs' changes arrive by the `storage` event ──────

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedCart: LocalCart = EMPTY_CART;
let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return memoryRaw;
  }
}

export function getLocalCart(): LocalCart {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseLocalCart(raw);
  }
  return cachedCart;
}

/** Applies a change and stores it; when storage is unavailable the change lasts for this page. */
export function updateLocalCart(change: (cart: LocalCart) => LocalCart): LocalCart {
  const current = getLocalCart();
  const next = change(current);
  if (next === current) return current;
  const raw = JSON.stringify(next);
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    memoryRaw = raw;
  }
  cachedRaw = raw;
  cachedCart = next;
  for (const listener of listeners) listener();
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocalCart(): LocalCart {
  return useSyncExternalStore(subscribe, getLocalCart, () => EMPTY_CART);
}

// ── Edit: the editor's order remembers which cart line it edits ──────────────────────────────────────────────────

/** The field of the stored order (`framewala.order`) naming the cart line being edited; a new photo clears it. */
export const EDITING_FIELD = 'cartLine';

export type EditingLine = { clientLineId: string | null; serverId: string | null };

const editingLineSchema = z
  .object({
    clientLineId: clientLineIdSchema.nullable().catch(null),
    serverId: z.string().min(1).nullable().catch(null),
  })
  .catch({ clientLineId: null, serverId: null });

export function toEditingLine(value: unknown): EditingLine | null {
  const line = editingLineSchema.parse(value);
  return line.clientLineId || line.serverId ? line : null;
}
