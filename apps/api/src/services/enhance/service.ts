/**
 * Enhance and AI-upscale a photo: a new upload derived from it (`parentId`) with an original of its own (the enhanced
 * pixels, upright), made by a background job in a child process. Crops of it share that original, so crop and enhance
 * compose in either order, and an order's print file is made from the enhanced pixels. The parent never changes.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { checkEnhance, imageTypeOf, ShopError, uploadExpiresAt, type EnhanceBody, type Upload } from '@framewala/domain';
import { uploads, type UploadRow } from '../../db/schema';
import type { Viewer } from '../uploads/access';
import {
  assertRenderQueueRoom,
  findAccessibleUpload,
  renderAndStore,
  storedName,
  toUploadBody,
  withLocalOriginal,
  type UploadsDeps,
} from '../uploads/service';
import { ResourceFailure } from '../child-result';
import { tempFileName } from '../uploads/temp-files';
import { enhanceInChild, type Enhancer } from './run';

/** The pg-boss queue that makes enhanced uploads, and where a job that failed on every try goes. */
export const ENHANCE_QUEUE = 'uploads-enhance';
export const ENHANCE_FAILED_QUEUE = 'uploads-enhance-failed';

export interface EnhanceDeps extends UploadsDeps {
  /** This server's enhance worker, woken right after a job is queued. */
  enhanceWorker?: string;
  /** The enhancer: a child process running the AI model unless another is given (tests). */
  runEnhance?: Enhancer;
}

/**
 * Checks the request against the photo (404 for someone else's, 409 while it is still being made, 422 when the result
 * would be too large), stores the new upload as 'processing' and queues its job.
 */
export async function enhanceUpload(deps: EnhanceDeps, id: string, viewer: Viewer, body: EnhanceBody): Promise<Upload> {
  const parent = await findAccessibleUpload(deps, id, viewer);
  if (parent.status === 'failed') throw new ShopError('IMAGE_UNREADABLE');
  if (parent.status === 'processing') throw new ShopError('CONFLICT', 'This photo is still being prepared. Please wait until it is ready.');
  const check = checkEnhance(parent.width, parent.height, body);
  if (!check.ok) throw new ShopError(check.code, check.message, { imageWidth: parent.width, imageHeight: parent.height });
  const priority = await assertRenderQueueRoom(deps, viewer);
  const newId = randomUUID();
  const createdAt = new Date();
  const row: UploadRow = {
    ...parent,
    id: newId,
    parentId: parent.id,
    cropX: null,
    cropY: null,
    cropWidth: null,
    cropHeight: null,
    enhanceStrength: body.auto?.strength ?? null,
    upscale: body.upscale ?? null,
    progress: 0,
    originalKey: storedName(newId, 'original', '.jpg'),
    renditionKey: null,
    thumbnailKey: null,
    format: 'jpeg',
    orientation: 1,
    originalWidth: check.width,
    originalHeight: check.height,
    regionLeft: 0,
    regionTop: 0,
    width: check.width,
    height: check.height,
    imageType: imageTypeOf(check.width, check.height),
    bytes: 0,
    pages: 1,
    status: 'processing',
    clientAddress: viewer.address ?? null,
    createdAt,
    expiresAt: uploadExpiresAt(createdAt),
    deletedAt: null,
  };
  await deps.ctx.database.db.insert(uploads).values(row);
  try {
    await deps.ctx.jobs.send(ENHANCE_QUEUE, { uploadId: row.id }, { singletonKey: row.id, priority });
    deps.ctx.jobs.notify(deps.enhanceWorker);
  } catch (error) {
    await markEnhanceFailed(deps, row.id).catch(() => undefined);
    throw error;
  }
  return toUploadBody(row, deps);
}

/** An enhance that cannot be made: the upload is marked failed and anything it stored removed. */
export async function markEnhanceFailed(deps: UploadsDeps, uploadId: string): Promise<void> {
  const [row] = await deps.ctx.database.db
    .update(uploads)
    .set({ status: 'failed', progress: null })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'processing')))
    .returning();
  if (row) await deps.ctx.storage.delete(row.originalKey).catch(() => undefined);
}

/** Writes the job's progress at most every PROGRESS_STEP, so a long job does not write a row per tile. */
const PROGRESS_STEP = 0.02;

/**
 * The enhance job: reads the parent's pixels, enhances them in a child process, stores the result as the new upload's
 * original with its renditions, and marks it ready. A photo whose pixels do not decode marks it failed; other errors
 * are thrown so pg-boss retries (nothing stored is left behind either way).
 */
export async function processEnhanceJob(deps: EnhanceDeps, uploadId: string): Promise<void> {
  const db = deps.ctx.database.db;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row || row.status !== 'processing' || row.deletedAt || !row.parentId) return;
  const [parent] = await db.select().from(uploads).where(eq(uploads.id, row.parentId));
  if (!parent || parent.deletedAt || !(await deps.ctx.storage.exists(parent.originalKey))) return markEnhanceFailed(deps, row.id);
  const out = path.join(deps.tmpDir, tempFileName(`${row.id}-enhanced`, '.jpg'));
  let written = 0;
  const saveProgress = (done: number) => {
    if (done - written < PROGRESS_STEP && done < 1) return;
    written = done;
    void db
      .update(uploads)
      .set({ progress: Math.min(0.99, done) })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, 'processing')))
      .catch(() => undefined);
  };
  const stored: string[] = [];
  try {
    const turned = parent.orientation >= 5;
    const run = deps.runEnhance ?? ((spec, onProgress) => enhanceInChild(spec, { onProgress }));
    const made = await withLocalOriginal(deps, parent.originalKey, (source) =>
      run(
        {
          source: {
            path: source,
            orientation: parent.orientation,
            storedWidth: turned ? parent.originalHeight : parent.originalWidth,
            storedHeight: turned ? parent.originalWidth : parent.originalHeight,
            region: { left: parent.regionLeft, top: parent.regionTop, width: parent.width, height: parent.height },
          },
          strength: row.enhanceStrength,
          upscale: row.upscale === 2 || row.upscale === 4 ? row.upscale : null,
          outPath: out,
        },
        saveProgress,
      ),
    );
    if (made.result.width !== row.width || made.result.height !== row.height) {
      throw new Error(`The enhancer made ${made.result.width} × ${made.result.height} px, not ${row.width} × ${row.height}.`);
    }
    const keys = await renderAndStore(deps, row, out);
    stored.push(keys.renditionKey, keys.thumbnailKey);
    await deps.ctx.storage.putFile(row.originalKey, out, 'image/jpeg', { move: true });
    stored.push(row.originalKey);
    const updated = await db
      .update(uploads)
      .set({ ...keys, bytes: made.result.bytes, status: 'ready', progress: null })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, 'processing')))
      .returning({ id: uploads.id });
    if (updated.length === 0) await Promise.all(stored.map((key) => deps.ctx.storage.delete(key).catch(() => undefined)));
  } catch (error) {
    await Promise.all(stored.map((key) => deps.ctx.storage.delete(key).catch(() => undefined)));
    // A photo that cannot be decoded, or an enhancer that ran out of memory, would fail the same way again: no retry.
    if (!(error instanceof ShopError) && !(error instanceof ResourceFailure)) throw error;
    await markEnhanceFailed(deps, row.id);
  } finally {
    await fs.rm(out, { force: true });
  }
}
