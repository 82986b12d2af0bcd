import { useSyncExternalStore } from 'react';
import { hasStoredPhoto, onStoredOrderWrite, ORDER_STORAGE_KEY, readStoredOrder } from './stored-order';

function subscribe(listener: () => void): () => void {
  const stop = onStoredOrderWrite(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ORDER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stop();
    window.removeEventListener('storage', onStorage);
  };
}

/** The thumbnail of the photo in progress ('' without one), or null when no frame is in progress. */
function orderInProgress(): string | null {
  if (!hasStoredPhoto()) return null;
  const photo = readStoredOrder()?.photo as { thumbnailUrl?: unknown } | undefined;
  return typeof photo?.thumbnailUrl === 'string' ? photo.thumbnailUrl : '';
}

/**
 * Whether a frame is in progress in this browser (the editor keeps it under `framewala.order` until it is paid), and
 * its photo's thumbnail. Read without the editor's checks (and their code), for the landing page's first paint; null
 * while rendering at build time, as for a first visit.
 */
export function useOrderInProgress(): { thumbnailUrl: string | null } | null {
  const thumbnail = useSyncExternalStore(subscribe, orderInProgress, () => null);
  return thumbnail === null ? null : { thumbnailUrl: thumbnail === '' ? null : thumbnail };
}
