import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { hasStoredPhoto, onStoredOrderWrite } from '../lib/order-draft/stored-order';
import { AppProviders } from './providers';
import { router } from './router';

/**
 * Keeps the stored order's photo URLs fresh while an order with a photo is kept. Its code (with zod) loads only then,
 * after the page has painted: most first visits have no order.
 */
function useFreshStoredPhotoUrls() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let started = false;
    let left = false;
    const start = () => {
      if (started || !hasStoredPhoto()) return;
      started = true;
      void import('../lib/order-draft/photo-urls').then(({ keepPhotoUrlsFresh }) => {
        if (!left) stop = keepPhotoUrlsFresh();
      });
    };
    start();
    const stopWatching = onStoredOrderWrite(start);
    window.addEventListener('storage', start);
    return () => {
      left = true;
      stopWatching();
      window.removeEventListener('storage', start);
      stop?.();
    };
  }, []);
}

export function App() {
  useFreshStoredPhotoUrls();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
