/**
 * The order in progress lives in the browser (it survives a reload) under one localStorage key.
 * /edit-photo is shown only while an uploaded photo is in client state; the editor's fields are described below.
 */
import { useSyncExternalStore } from 'react';
import {
  IMAGE_TYPES,
  isEditorStep,
  isValidQuantity,
  imageTypeOf,
  WHITE_BORDER_LEVELS,
  type CropRect,
  type EditorStep,
  type ImageType,
} from '@framewala/domain';

export const ORDER_STORAGE_KEY = 'framewala.order';

export type StoredOrder = {
  photo?: unknown;
  [key: string]: unknown;
};

export function readStoredOrder(): StoredOrder | null {
  try {
    const raw = window.localStorage.getItem(ORDER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as StoredOrder) : null;
  } catch {
    // Storage disabled (private mode) or corrupt JSON: behave as if there were no order.
    return null;
  }
}

export function hasStoredPhoto(): boolean {
  const photo = readStoredOrder()?.photo;
  return photo !== undefined && photo !== null && photo !== '' && photo !== false;
}

/** Replaces the order in progress. Returns false when storage is unavailable (private mode, quota). */
export function writeStoredOrder(order: StoredOrder): boolean {
  try {
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify(order));
  } catch {
    return false;
  }
  // Readers of the order (the editor, the header's price strip) re-read it.
  for (const listener of orderListeners) listener();
  return true;
}

/** The order is paid: forget it, so the next visit starts a new one. */
export function clearStoredOrder(): void {
  try {
    window.localStorage.removeItem(ORDER_STORAGE_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
  for (const listener of orderListeners) listener();
}

/** A new photo starts a new order: sizes, crop and frame chosen for an earlier photo do not carry over. */
export function startOrderWithPhoto(photo: unknown): boolean {
  return writeStoredOrder({ photo });
}

// ── The photo editor's order in progress ─────────────────────────────────────────────────────────────────────
//
// `framewala.order` = {
//   photo          the photo to print: the upload, or after 'Crop Image' the cropped upload the server returned;
//   sourcePhoto    the original upload every crop is cut from (so re-cropping never crops a crop);
//   crop           the crop box in sourcePhoto's pixels (what the customer last set, applied or not);
//   appliedCrop    the rectangle `photo` was cut with (null while `photo` is the original);
//   size           the chosen preset size (`_id`, format, sizeName, width, height in inches, price in ₹), or null;
//   customSize     the custom width and height as typed (strings, inches), or null; size and customSize exclude
//                  each other;
//   frameSetId, frameId, openFrameSetId   the chosen frame set and finish, and the set open on the frame step;
//   borderLevel    the white border card 0..6; quantity 1..50; step 0..5 (Reading A, 0 = options) }
// Unknown fields written by other features are kept.

export type OrderPhoto = {
  _id: string;
  url: string;
  thumbnailUrl?: string | null;
  imageType: ImageType;
  /** The original's pixels after EXIF orientation. */
  width: number;
  height: number;
  dpi?: { x: number; y: number };
  format?: string;
  status?: string;
  parentId?: string | null;
  crop?: CropRect | null;
  [key: string]: unknown;
};

export type PresetChoice = {
  _id: string;
  format: string;
  sizeName: string;
  width: number;
  height: number;
  /** Starting price in rupees, as the size table shows it. */
  price: number;
};

export type CustomSizeInput = { width: string; height: string };

export type OrderDraft = {
  photo: OrderPhoto;
  sourcePhoto: OrderPhoto;
  crop: CropRect | null;
  appliedCrop: CropRect | null;
  size: PresetChoice | null;
  customSize: CustomSizeInput | null;
  frameSetId: string | null;
  frameId: string | null;
  openFrameSetId: string | null;
  borderLevel: number;
  quantity: number;
  step: EditorStep;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPositive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const stringOrNull = (v: unknown): string | null => (isString(v) ? v : null);

/** A stored photo the editor can work with (id, displayable url and pixel size), or null. */
export function toOrderPhoto(value: unknown): OrderPhoto | null {
  if (!isRecord(value)) return null;
  const { _id, url, width, height, imageType } = value;
  if (!isString(_id) || !isString(url) || !isPositive(width) || !isPositive(height)) return null;
  const type =
    typeof imageType === 'string' && (IMAGE_TYPES as readonly string[]).includes(imageType)
      ? (imageType as ImageType)
      : imageTypeOf(width, height);
  return { ...value, _id, url, width, height, imageType: type };
}

/** A crop rectangle of whole pixels inside an image of the given size, or null. */
export function toCropRect(value: unknown, within?: { width: number; height: number }): CropRect | null {
  if (!isRecord(value)) return null;
  const { x, y, width, height } = value;
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (!whole(x) || !whole(y) || !whole(width) || !whole(height) || x < 0 || y < 0 || width <= 0 || height <= 0) return null;
  if (within && (x + width > within.width || y + height > within.height)) return null;
  return { x, y, width, height };
}

function toPresetChoice(value: unknown): PresetChoice | null {
  if (!isRecord(value)) return null;
  const { _id, format, sizeName, width, height, price } = value;
  if (!isString(_id) || typeof format !== 'string' || typeof sizeName !== 'string' || !isPositive(width) || !isPositive(height))
    return null;
  return { _id, format, sizeName, width, height, price: typeof price === 'number' && price >= 0 ? price : 0 };
}

function toCustomSize(value: unknown): CustomSizeInput | null {
  if (!isRecord(value)) return null;
  const width = typeof value.width === 'string' ? value.width : typeof value.width === 'number' ? String(value.width) : '';
  const height = typeof value.height === 'string' ? value.height : typeof value.height === 'number' ? String(value.height) : '';
  return width === '' && height === '' ? null : { width, height };
}

/** A fresh order for a photo: nothing chosen yet, on the options panel. */
export function newOrderDraft(photo: OrderPhoto): OrderDraft {
  return {
    photo,
    sourcePhoto: photo,
    crop: null,
    appliedCrop: null,
    size: null,
    customSize: null,
    frameSetId: null,
    frameId: null,
    openFrameSetId: null,
    borderLevel: 0,
    quantity: 1,
    step: 0,
  };
}

/**
 * Reads the stored order leniently: anything unreadable falls back to its default, and a photo that is neither the
 * source photo nor a crop of it (a new upload) starts a new order.
 */
export function toOrderDraft(stored: StoredOrder | null): OrderDraft | null {
  const photo = toOrderPhoto(stored?.photo);
  if (!stored || !photo) return null;
  // Without a source photo (the upload just stored `{photo}`), the photo is its own source.
  const source = toOrderPhoto(stored.sourcePhoto) ?? photo;
  if (source._id !== photo._id && photo.parentId !== source._id) return newOrderDraft(photo);
  const size = toPresetChoice(stored.size);
  const customSize = size ? null : toCustomSize(stored.customSize);
  const level = stored.borderLevel;
  return {
    photo,
    sourcePhoto: source,
    crop: toCropRect(stored.crop, source),
    appliedCrop: source._id === photo._id ? null : toCropRect(stored.appliedCrop, source),
    size,
    customSize,
    frameSetId: stringOrNull(stored.frameSetId),
    frameId: stringOrNull(stored.frameId),
    openFrameSetId: stringOrNull(stored.openFrameSetId),
    borderLevel: typeof level === 'number' && Number.isInteger(level) && level >= 0 && level < WHITE_BORDER_LEVELS.length ? level : 0,
    quantity: isValidQuantity(stored.quantity) ? stored.quantity : 1,
    step: isEditorStep(stored.step) ? stored.step : 0,
  };
}

// A tiny external store over the key, so the editor and the header's price strip read one state and re-render
// together; changes from another tab arrive through the `storage` event.
const orderListeners = new Set<() => void>();
let cachedOrderRaw: string | null | undefined;
let cachedDraft: OrderDraft | null = null;

function readRawOrder(): string | null {
  try {
    return window.localStorage.getItem(ORDER_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The order in progress, or null without a usable photo. Stable between changes (for useSyncExternalStore). */
export function getOrderDraft(): OrderDraft | null {
  const raw = readRawOrder();
  if (raw !== cachedOrderRaw) {
    cachedOrderRaw = raw;
    cachedDraft = toOrderDraft(readStoredOrder());
  }
  return cachedDraft;
}

function subscribeOrder(listener: () => void): () => void {
  orderListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ORDER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    orderListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Applies a change to the order in progress and stores it (other fields in the stored object are kept). Without a
 * usable photo nothing happens. When storage is unavailable the change still applies for this page.
 */
export function updateOrderDraft(change: (draft: OrderDraft) => OrderDraft): void {
  const current = getOrderDraft();
  if (!current) return;
  const next = change(current);
  if (next === current) return;
  const raw = JSON.stringify({ ...(readStoredOrder() ?? {}), ...next });
  try {
    window.localStorage.setItem(ORDER_STORAGE_KEY, raw);
    cachedOrderRaw = raw;
  } catch {
    cachedOrderRaw = readRawOrder();
  }
  cachedDraft = next;
  for (const listener of orderListeners) listener();
}

export function useOrderDraft(): OrderDraft | null {
  return useSyncExternalStore(subscribeOrder, getOrderDraft, () => null);
}
