/**
 * The order in progress lives in the browser (PRODUCT.md: it survives a reload) under one localStorage key.
 * For now only its `photo` matters: /edit-photo is shown only while an uploaded photo is in client state.
 */
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
