/**
 * The public catalogue through TanStack Query: frame sets, white borders and the preset sizes for a photo's
 * orientation. One query per answer, so the editor, the cart, the checkout and the developer pages share one cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FrameSet, ImageType, MotifBorder, SizeGroup } from '@framewala/domain';
import { apiRequest } from '../api';

const CATALOGUE_STALE_MS = 5 * 60_000;

/** `GET /api/get-frame` → `{getFrameSize}`: the frame sets with their finishes. */
export const frameSetsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'frames'],
    queryFn: async ({ signal }) => (await apiRequest<{ getFrameSize: FrameSet[] }>('/api/get-frame', { signal })).getFrameSize,
    staleTime: CATALOGUE_STALE_MS,
  });

/** `GET /api/get-motif-border-sizes` → `{getMotifBorderSizes}`: the white borders and their prices. */
export const whiteBordersQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'borders'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ getMotifBorderSizes: MotifBorder[] }>('/api/get-motif-border-sizes', { signal })).getMotifBorderSizes,
    staleTime: CATALOGUE_STALE_MS,
  });

/** `POST /api/get-price-and-size {imageType}` → `{getSizes}`: the preset sizes for a photo's orientation. */
export const sizeGroupsQueryOptions = (imageType: ImageType) =>
  queryOptions({
    queryKey: ['catalogue', 'sizes', imageType],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ getSizes: SizeGroup[] }>('/api/get-price-and-size', { method: 'POST', body: { imageType }, signal })).getSizes,
    staleTime: CATALOGUE_STALE_MS,
  });

export const useFrameSets = () => useQuery(frameSetsQueryOptions());
export const useWhiteBorders = () => useQuery(whiteBordersQueryOptions());
export const useSizeGroups = (imageType: ImageType) => useQuery(sizeGroupsQueryOptions(imageType));
