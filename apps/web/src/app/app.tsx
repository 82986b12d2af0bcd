import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { router } from './router';

/** Keeps the stored order's photo URLs fresh; its code (with zod) loads once the page has painted. */
function useFreshStoredPhotoUrls() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('../lib/order-draft/photo-urls').then(({ keepPhotoUrlsFresh }) => {
      if (!left) stop = keepPhotoUrlsFresh();
    });
    return () => {
      left = true;
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
