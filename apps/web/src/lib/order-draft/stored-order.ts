/**
 * The order in progress lives in the browser (it survives a reload) under one localStorage key, `framewala.order`.
 * This module reads and writes it as a whole, without checking its fields: the app's first script needs no more than
 * "is there a photo" (`start.tsx`, `/edit-photo`'s guard). The editor's view of it, every field checked, is
 * `order-draft.ts`.
 */

export const ORDER_STORAGE_KEY = 'framewala.order';

export type StoredOrder = {
  photo?: unknown;
  [key: string]: unknown;
};

/** Called after every write: the order draft's store re-reads the key. */
const listeners = new Set<() => void>();

export function onStoredOrderWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the readers that the stored order changed (also after a change kept in memory only, storage being off). */
export function notifyStoredOrderReaders(): void {
  for (const listener of listeners) listener();
}

export function readRawStoredOrder(): string | null {
  try {
    return window.localStorage.getItem(ORDER_STORAGE_KEY);
  } catch {
    return null;
  }
}

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
  notifyStoredOrderReaders();
  return true;
}

/** Stores an order already written as JSON, without telling the readers. False when storage is unavailable. */
export function writeRawStoredOrder(raw: string): boolean {
  try {
    window.localStorage.setItem(ORDER_STORAGE_KEY, raw);
    return true;
  } catch {
    return false;
  }
}

/** The order is paid: forget it, so the next visit starts a new one. */
export function clearStoredOrder(): void {
  try {
    window.localStorage.removeItem(ORDER_STORAGE_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
  notifyStoredOrderReaders();
}

/** A new photo starts a new order: sizes, crop and frame chosen for an earlier photo do not carry over. */
export function startOrderWithPhoto(photo: unknown): boolean {
  return writeStoredOrder({ photo });
}
