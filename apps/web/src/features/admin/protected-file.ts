import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchProtectedFile } from '../../lib/protected-file';

/** An image behind the bearer token, fetched and decoded once per path (nothing is asked without a path). */
export const protectedBitmapQueryOptions = (path: string | null | undefined) =>
  queryOptions({
    queryKey: ['admin', 'protected-bitmap', path],
    queryFn: async ({ signal }) => createImageBitmap((await fetchProtectedFile(path!, signal)).blob),
    enabled: Boolean(path),
    retry: false,
    staleTime: Infinity,
  });

/**
 * An image behind the bearer token (the order's mock-up): `<img src>` cannot send the token, and the shop's
 * Content-Security-Policy allows images from 'self' only (no blob: or data: URLs), so the image is fetched as a blob,
 * decoded with `createImageBitmap` and painted on a canvas (see `BitmapImage`).
 */
export function useProtectedBitmap(path: string | null | undefined) {
  const query = useQuery(protectedBitmapQueryOptions(path));
  return { bitmap: query.data ?? null, isLoading: query.isPending && Boolean(path), error: query.error };
}
