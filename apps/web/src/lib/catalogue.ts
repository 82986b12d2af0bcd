/**
 * The public catalogue through TanStack Query: frame sets, white borders and the preset sizes for a photo's
 * orientation. One query key per answer, so the editor, the checkout and the developer pages share one cache.
 */
import { useQuery } from '@tanstack/react-query';
import type { FrameSet, ImageType, MotifBorder, SizeGroup } from '@framewala/domain';
import { apiRequest } from './api';

const CATALOGUE_STALE_MS = 5 * 60_000;

export const frameSetsQueryKey = ['catalogue', 'frames'] as const;
export const bordersQueryKey = ['catalogue', 'borders'] as const;
export const sizesQueryKey = (imageType: ImageType) => ['catalogue', 'sizes', imageType] as const;

export function useFrameSets() {
  return useQuery({
    queryKey: frameSetsQueryKey,
    queryFn: async ({ signal }) => (await apiRequest<{ getFrameSize: FrameSet[] }>('/api/get-frame', { signal })).getFrameSize,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useWhiteBorders() {
  return useQuery({
    queryKey: bordersQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ getMotifBorderSizes: MotifBorder[] }>('/api/get-motif-border-sizes', { signal })).getMotifBorderSizes,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useSizeGroups(imageType: ImageType) {
  return useQuery({
    queryKey: sizesQueryKey(imageType),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ getSizes: SizeGroup[] }>('/api/get-price-and-size', { method: 'POST', body: { imageType }, signal })).getSizes,
    staleTime: CATALOGUE_STALE_MS,
  });
}
