/**
 * The editor's order in progress (`OrderDraft`), read from the stored order (`stored-order.ts`) with zod and shared
 * through one store, so the editor, the header's price strip, the checkout and the cart read one state and re-render
 * together; changes from another tab arrive through the `storage` event.
 *
 * `framewala.order` = {
 *   photo          the photo to print: the upload, or after 'Crop Image' the cropped upload the server returned;
 *   sourcePhoto    the original upload every crop is cut from (so re-cropping never crops a crop);
 *   crop           the crop box in sourcePhoto's pixels (what the customer last set, applied or not);
 *   appliedCrop    the rectangle `photo` was cut with (null while `photo` is the original);
 *   size           the chosen preset size (`_id`, format, sizeName, width, height in inches, price in ₹), or null;
 *   customSize     the custom width and height as typed (strings, inches), or null; size and customSize exclude
 *                  each other;
 *   frameSetId, frameId, openFrameSetId   the chosen frame set and finish, and the set open on the frame step;
 *   borderLevel    the white border card 0..6; quantity 1..50; step 0..5 (Reading A, 0 = options) }
 * Unknown fields written by other features are kept.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  cartQuantitySchema,
  cropBodySchema,
  EDITOR_STEPS,
  imageTypeOf,
  imageTypeSchema,
  WHITE_BORDER_LEVELS,
  type CropRect,
  type EditorStep,
  type ImageType,
} from '@framewala/domain';
import {
  notifyStoredOrderReaders,
  onStoredOrderWrite,
  ORDER_STORAGE_KEY,
  readRawStoredOrder,
  readStoredOrder,
  writeRawStoredOrder,
} from './stored-order';

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

// ── Reading: each field falls back to its default when it cannot be read; the photo is the one field required ──────

const id = z.string().min(1);
const positive = z.number().positive();

/** A photo the editor can work with: id, displayable url and pixel size (its other fields are kept as stored). */
const orderPhotoSchema = z
  .looseObject({ _id: id, url: id, width: positive, height: positive, imageType: imageTypeSchema.optional().catch(undefined) })
  .transform((photo): OrderPhoto => ({ ...photo, imageType: photo.imageType ?? imageTypeOf(photo.width, photo.height) }));

/** A crop box of whole pixels (the crop contract's rectangle, other fields dropped). */
const cropRectSchema = z.object(cropBodySchema.shape);

const presetChoiceSchema = z.object({
  _id: id,
  format: z.string(),
  sizeName: z.string(),
  width: positive,
  height: positive,
  price: z.number().nonnegative().catch(0),
});

/** A typed inch value as the field shows it (a number stored by an older version reads as its text). */
const typedInches = z.union([z.string(), z.number().transform(String)]).catch('');
const customSizeSchema = z
  .object({ width: typedInches, height: typedInches })
  .transform((size) => (size.width === '' && size.height === '' ? null : size));

const idOrNull = id.nullable().catch(null);

const storedDraftSchema = z.object({
  photo: orderPhotoSchema,
  sourcePhoto: orderPhotoSchema.optional().catch(undefined),
  crop: z.unknown().optional(),
  appliedCrop: z.unknown().optional(),
  size: presetChoiceSchema.nullable().catch(null),
  customSize: customSizeSchema.nullable().catch(null),
  frameSetId: idOrNull,
  frameId: idOrNull,
  openFrameSetId: idOrNull,
  borderLevel: z
    .number()
    .int()
    .min(0)
    .max(WHITE_BORDER_LEVELS.length - 1)
    .catch(0),
  quantity: cartQuantitySchema.catch(1),
  step: z.literal(EDITOR_STEPS).catch(0),
});

/** A stored photo the editor can work with (id, displayable url and pixel size), or null. */
export function toOrderPhoto(value: unknown): OrderPhoto | null {
  const parsed = orderPhotoSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A crop rectangle of whole pixels inside an image of the given size, or null. */
export function toCropRect(value: unknown, within?: { width: number; height: number }): CropRect | null {
  const parsed = cropRectSchema.safeParse(value);
  if (!parsed.success) return null;
  const rect = parsed.data;
  if (within && (rect.x + rect.width > within.width || rect.y + rect.height > within.height)) return null;
  return rect;
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
 * source photo nor a crop of it (a new upload) starts a new order. Null without a usable photo.
 */
export function toOrderDraft(stored: unknown): OrderDraft | null {
  const parsed = storedDraftSchema.safeParse(stored);
  if (!parsed.success) return null;
  const { photo, sourcePhoto, crop, appliedCrop, size, customSize, ...choices } = parsed.data;
  // Without a source photo (the upload just stored `{photo}`), the photo is its own source.
  const source = sourcePhoto ?? photo;
  if (source._id !== photo._id && photo.parentId !== source._id) return newOrderDraft(photo);
  return {
    photo,
    sourcePhoto: source,
    crop: toCropRect(crop, source),
    appliedCrop: source._id === photo._id ? null : toCropRect(appliedCrop, source),
    size,
    customSize: size ? null : customSize,
    ...choices,
  };
}

// ── The store ───────────────────────────────────────────────────────────────────────────────────────────────────

let cachedOrderRaw: string | null | undefined;
let cachedDraft: OrderDraft | null = null;

/** The order in progress, or null without a usable photo. Stable between changes (for useSyncExternalStore). */
export function getOrderDraft(): OrderDraft | null {
  const raw = readRawStoredOrder();
  if (raw !== cachedOrderRaw) {
    cachedOrderRaw = raw;
    cachedDraft = toOrderDraft(readStoredOrder());
  }
  return cachedDraft;
}

function subscribeOrder(listener: () => void): () => void {
  const stopListening = onStoredOrderWrite(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ORDER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopListening();
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
  cachedOrderRaw = writeRawStoredOrder(raw) ? raw : readRawStoredOrder();
  cachedDraft = next;
  notifyStoredOrderReaders();
}

export function useOrderDraft(): OrderDraft | null {
  return useSyncExternalStore(subscribeOrder, getOrderDraft, () => null);
}
