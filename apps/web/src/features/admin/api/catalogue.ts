/** The console's catalogue calls: frame sets, finishes (retired ones included) and white borders. */
import { queryOptions } from '@tanstack/react-query';
import {
  adminBorderResponseSchema,
  adminCatalogueResponseSchema,
  adminFinishResponseSchema,
  adminFrameSetResponseSchema,
  FRAME_PARTS,
  type AdminBorder,
  type AdminCatalogue,
  type AdminFinish,
  type AdminFrameSet,
  type BorderPatch,
  type FinishMaterial,
  type FinishPatch,
  type FramePart,
  type FrameSetPatch,
} from '@framewala/domain';
import { parseAnswer } from '../../../lib/api';
import { authedApi, authedRequest } from '../../../lib/auth-request';

export type { AdminBorder, AdminCatalogue, AdminFinish, AdminFrameSet };

/** `GET /api/admin/catalogue` → `{frameSets, borders}` including retired finishes. */
export async function fetchAdminCatalogue(): Promise<AdminCatalogue> {
  return parseAnswer(adminCatalogueResponseSchema, await authedApi.get<unknown>('/api/admin/catalogue'));
}

/** `PATCH /api/admin/frame-sets/:id` `{name?, description?, ratePaisePerSqIn?, nameHi?, descriptionHi?}` → `{frameSet}`. */
export async function updateFrameSet(id: string, change: FrameSetPatch): Promise<AdminFrameSet> {
  const body = await authedRequest<unknown>(`/api/admin/frame-sets/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parseAnswer(adminFrameSetResponseSchema, body).frameSet;
}

/** `PATCH /api/admin/finishes/:id` `{name?, description?, active?, nameHi?, categoryHi?, descriptionHi?}` → `{finish}`. */
export async function updateFinish(id: string, change: FinishPatch): Promise<AdminFinish> {
  const body = await authedRequest<unknown>(`/api/admin/finishes/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parseAnswer(adminFinishResponseSchema, body).finish;
}

/** `PATCH /api/admin/borders/:id` `{pricePaise?, nameHi?}` → `{border}`. */
export async function updateBorder(id: string, change: BorderPatch): Promise<AdminBorder> {
  const body = await authedRequest<unknown>(`/api/admin/borders/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parseAnswer(adminBorderResponseSchema, body).border;
}

/** The texts of a new finish; the Hindi ones are optional (sent only when written). */
type NewFinishTexts = { name: string; description: string; nameHi?: string; descriptionHi?: string; material: string };

export type NewFinish =
  | (NewFinishTexts & { mode: 'generate'; generate: FinishMaterial; color: string })
  | (NewFinishTexts & { mode: 'upload'; images: Record<FramePart, File> });

/** `POST /api/admin/frame-sets/:id/finishes` (multipart) → 201 `{finish}`. */
export async function addFinish(setId: string, finish: NewFinish): Promise<AdminFinish> {
  const form = new FormData();
  form.set('name', finish.name);
  form.set('description', finish.description);
  if (finish.nameHi) form.set('nameHi', finish.nameHi);
  if (finish.descriptionHi) form.set('descriptionHi', finish.descriptionHi);
  form.set('material', finish.material);
  if (finish.mode === 'generate') {
    form.set('generate', finish.generate);
    form.set('color', finish.color);
  } else {
    for (const field of FRAME_PARTS) form.set(field, finish.images[field]);
  }
  const body = await authedRequest<unknown>(`/api/admin/frame-sets/${encodeURIComponent(setId)}/finishes`, { method: 'POST', body: form });
  return parseAnswer(adminFinishResponseSchema, body).finish;
}

export const adminCatalogueQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'catalogue'], queryFn: fetchAdminCatalogue, retry: false });
