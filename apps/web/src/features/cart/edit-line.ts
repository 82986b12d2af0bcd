/**
 * Edit from the cart: the line's order back in the editor, marked as that line so saving updates it. Kept with the
 * cart page (not in lib/) so the header's cart count does not load the upload client.
 */
import { WHITE_BORDER_LEVELS, type FrameSet } from '@framewala/domain';
import { EDITING_FIELD } from '../../lib/cart/local-cart';
import { newOrderDraft, toOrderPhoto, type OrderDraft, type PresetChoice } from '../../lib/order-draft/order-draft';
import { writeStoredOrder } from '../../lib/order-draft/stored-order';
import { fetchUpload } from '../../lib/uploads/upload-api';
import type { CartItem } from './cart-items';

/**
 * The editor's order for a line: the one this browser kept, or (a line added on another device) rebuilt from the
 * line and its photo. Null when the photo cannot be read any more.
 */
export async function draftForEdit(item: CartItem, sets: readonly FrameSet[] | undefined): Promise<OrderDraft | null> {
  if (item.draft) return { ...item.draft, quantity: item.quantity, step: 5 };
  let upload;
  try {
    upload = toOrderPhoto(await fetchUpload(item.uploadId));
  } catch {
    return null;
  }
  if (!upload) return null;
  const set = sets?.find((s) => s.frames.some((f) => f._id === item.frameId)) ?? null;
  const level = WHITE_BORDER_LEVELS.findIndex((l) => Math.abs(l - item.borderIn) < 0.001);
  const size: PresetChoice | null =
    !item.custom && item.sizeName && item.widthIn && item.heightIn && item.serverSizeId
      ? { _id: item.serverSizeId, format: '', sizeName: item.sizeName, width: item.widthIn, height: item.heightIn, price: 0 }
      : null;
  return {
    ...newOrderDraft(upload),
    size,
    customSize: item.custom && item.widthIn && item.heightIn ? { width: String(item.widthIn), height: String(item.heightIn) } : null,
    frameSetId: set?._id ?? null,
    frameId: item.frameId,
    borderLevel: Math.max(0, level),
    quantity: item.quantity,
    step: 5,
  };
}

/** Puts the line's order into the editor, marked as editing that line (saving then updates it). */
export function openInEditor(item: CartItem, draft: OrderDraft): void {
  writeStoredOrder({ ...draft, [EDITING_FIELD]: { clientLineId: item.clientLineId, serverId: item.serverId } });
}
