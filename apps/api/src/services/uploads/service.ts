import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  cropBodySchema,
  imageTypeOf,
  JOBS_QUEUE_FULL_MESSAGE,
  JOBS_QUEUED_FROM_ADDRESS_MESSAGE,
  MAX_QUEUED_JOBS_PER_ADDRESS,
  MAX_QUEUED_RENDERS_PER_OWNER,
  MAX_UPLOAD_BYTES,
  RENDERS_QUEUED_MESSAGE,
  ShopError,
  uploadExpiresAt,
  type CropBody,
  type Upload,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { mediaUrl } from '../media-access';
import { uploads, type UploadRow } from '../../db/schema';
import { canAccess, type Viewer } from './access';
import { keepOnlyTheImage } from './decode-cost';
import { inspectImage, renderRenditions, type ImageInfo, type Region } from './image';
import { clientExtensionOf, formatOfFile, type ReceivedFile } from './received-file';
import { tempFileName } from './temp-files';
import { DEFAULT_UNFINISHED_LIMITS, type UnfinishedLimits } from './unfinished';
import { DEFAULT_UPLOAD_SLOTS, type UploadSlotLimits } from './upload-slots';

export interface UploadOptions {
  /** Largest accepted file (2 GiB; tests lower it). */
  maxBytes: number;
  /** Photos with more pixels than this, or more bytes than `backgroundBytes`, get their renditions from a job. */
  backgroundPixels: number;
  backgroundBytes: number;
  /** An upload request that receives no byte for this long is closed (60 s; tests lower it). */
  idleTimeoutMs: number;
  /** A resumable upload not finished within this time expires (24 h). */
  unfinishedExpiryMs: number;
  /** Upload requests open at once per address and per account. */
  slots: UploadSlotLimits;
  /** Unfinished resumable uploads per address and per customer, and their declared bytes. */
  unfinished: UnfinishedLimits;
  /** How often each server deletes the bytes of unfinished uploads past their expiry (at least hourly). */
  unfinishedSweepMs: number;
  /** Photos waiting for a job (renditions, enhancements) per address and in the whole shop. */
  jobLimits: { perAddress: number; total: number };
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = {
  maxBytes: MAX_UPLOAD_BYTES,
  backgroundPixels: 100_000_000,
  backgroundBytes: 200 * 1024 * 1024,
  idleTimeoutMs: 60_000,
  unfinishedExpiryMs: 24 * 60 * 60 * 1000,
  slots: DEFAULT_UPLOAD_SLOTS,
  unfinished: DEFAULT_UNFINISHED_LIMITS,
  unfinishedSweepMs: 30 * 60 * 1000,
  jobLimits: { perAddress: MAX_QUEUED_JOBS_PER_ADDRESS, total: 200 },
};

/** The pg-boss queue that makes renditions of very large photos (and of crops of them). */
export const RENDER_QUEUE = 'uploads-render';
/** Where pg-boss moves a render job that failed on every retry: the upload is then marked failed. */
export const RENDER_FAILED_QUEUE = 'uploads-render-failed';

export interface UploadsDeps {
  ctx: AppContext;
  options: UploadOptions;
  /** DATA_DIR/tmp: uploads in flight and renditions being written. */
  tmpDir: string;
  /** This server's render worker, woken right after a job is queued (rather than at its next poll). */
  renderWorker?: string;
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', tiff: 'image/tiff' } as const;
const CANONICAL_EXTENSIONS = { jpeg: '.jpg', tiff: '.tif' } as const;
export const STILL_ENHANCING = 'This photo is still being enhanced. Please wait until it is ready.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Stored names: a timestamp, a random number and the extension, under the upload's unguessable id. */
export function storedName(uploadId: string, role: 'original' | 'display' | 'thumb', extension: string): string {
  return `uploads/${uploadId}/${role}-${Date.now()}-${randomInt(1_000_000_000)}${extension}`;
}

export function toUploadBody(row: UploadRow, deps: Pick<UploadsDeps, 'ctx'>): Upload {
  const ready = row.status === 'ready';
  return {
    _id: row.id,
    url: ready && row.renditionKey ? mediaUrl(deps.ctx, row.renditionKey) : null,
    thumbnailUrl: ready && row.thumbnailKey ? mediaUrl(deps.ctx, row.thumbnailKey) : null,
    imageType: imageTypeOf(row.width, row.height),
    width: row.width,
    height: row.height,
    dpi: { x: row.dpiX, y: row.dpiY },
    format: row.format as Upload['format'],
    status: row.status as Upload['status'],
    parentId: row.parentId,
    crop:
      row.cropX !== null && row.cropY !== null && row.cropWidth !== null && row.cropHeight !== null
        ? { x: row.cropX, y: row.cropY, width: row.cropWidth, height: row.cropHeight }
        : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    enhancement:
      row.enhanceStrength !== null || row.upscale !== null
        ? { strength: row.enhanceStrength, upscale: row.upscale === 2 || row.upscale === 4 ? row.upscale : null }
        : null,
    progress: row.status === 'processing' ? row.progress : null,
  };
}

function isLarge(deps: UploadsDeps, pixels: number, bytes: number): boolean {
  return pixels > deps.options.backgroundPixels || bytes > deps.options.backgroundBytes;
}

function infoOfRow(row: UploadRow): Pick<ImageInfo, 'format' | 'width' | 'height' | 'storedWidth' | 'storedHeight' | 'orientation'> {
  const turned = row.orientation >= 5;
  return {
    format: row.format as ImageInfo['format'],
    width: row.originalWidth,
    height: row.originalHeight,
    storedWidth: turned ? row.originalHeight : row.originalWidth,
    storedHeight: turned ? row.originalWidth : row.originalHeight,
    orientation: row.orientation,
  };
}

function regionOfRow(row: UploadRow): Region | null {
  if (row.regionLeft === 0 && row.regionTop === 0 && row.width === row.originalWidth && row.height === row.originalHeight) return null;
  return { left: row.regionLeft, top: row.regionTop, width: row.width, height: row.height };
}

/**
 * Makes a row's display rendition and thumbnail from a local copy of its original and stores them under the row's
 * folder. Returns the keys; on failure nothing it wrote is left behind.
 */
export async function renderAndStore(
  deps: UploadsDeps,
  row: UploadRow,
  sourcePath: string,
): Promise<{ renditionKey: string; thumbnailKey: string }> {
  const local = {
    display: path.join(deps.tmpDir, tempFileName(`${row.id}-display`, '.jpg')),
    thumbnail: path.join(deps.tmpDir, tempFileName(`${row.id}-thumb`, '.jpg')),
  };
  const renditionKey = storedName(row.id, 'display', '.jpg');
  const thumbnailKey = storedName(row.id, 'thumb', '.jpg');
  try {
    await renderRenditions(sourcePath, infoOfRow(row), regionOfRow(row), local);
    await deps.ctx.storage.putFile(renditionKey, local.display, 'image/jpeg', { move: true });
    await deps.ctx.storage.putFile(thumbnailKey, local.thumbnail, 'image/jpeg', { move: true });
    return { renditionKey, thumbnailKey };
  } catch (error) {
    await Promise.all([
      deps.ctx.storage.delete(renditionKey).catch(() => undefined),
      deps.ctx.storage.delete(thumbnailKey).catch(() => undefined),
    ]);
    throw error;
  } finally {
    await Promise.all([fs.rm(local.display, { force: true }), fs.rm(local.thumbnail, { force: true })]);
  }
}

/** Runs `fn` with a local path of a stored original: the file itself on local disk, else a temporary download. */
export async function withLocalOriginal<T>(deps: UploadsDeps, key: string, fn: (filePath: string) => Promise<T>): Promise<T> {
  const direct = deps.ctx.storage.localPath(key);
  if (direct) return fn(direct);
  const copy = path.join(deps.tmpDir, tempFileName('original', path.extname(key)));
  try {
    await deps.ctx.storage.getToFile(key, copy);
    return await fn(copy);
  } finally {
    await fs.rm(copy, { force: true });
  }
}

/**
 * Room in the job queues for one more photo of this customer, before anything is stored: 429 when the customer (an
 * account, or an anonymous upload claim) already has MAX_QUEUED_RENDERS_PER_OWNER photos waiting for a job, when
 * their address has `jobLimits.perAddress` (claims are free, so an address counts whoever made them), or when the
 * shop has `jobLimits.total`. Answers the job's pg-boss priority: minus the photos this customer or address already
 * has waiting, so every customer's first photo is served before anyone's second (pg-boss takes higher priorities
 * first, then the oldest), and one customer's many jobs delay another's first by at most the one already running.
 */
export async function assertRenderQueueRoom(deps: UploadsDeps, owner: Viewer): Promise<number> {
  const who = owner.userId ? eq(uploads.ownerUserId, owner.userId) : owner.claimHash ? eq(uploads.claimHash, owner.claimHash) : null;
  const address = owner.address ?? null;
  const [row] = await deps.ctx.database.db
    .select({
      byOwner: who ? sql<number>`(count(*) FILTER (WHERE ${who}))::int` : sql<number>`0`,
      byAddress: address ? sql<number>`(count(*) FILTER (WHERE ${eq(uploads.clientAddress, address)}))::int` : sql<number>`0`,
      total: count(),
    })
    .from(uploads)
    .where(and(eq(uploads.status, 'processing'), isNull(uploads.deletedAt)));
  const { byOwner = 0, byAddress = 0, total = 0 } = row ?? {};
  if (byOwner >= MAX_QUEUED_RENDERS_PER_OWNER) throw new ShopError('RATE_LIMITED', RENDERS_QUEUED_MESSAGE);
  if (byAddress >= deps.options.jobLimits.perAddress) {
    throw new ShopError('RATE_LIMITED', JOBS_QUEUED_FROM_ADDRESS_MESSAGE, { retryAfterSeconds: 60 });
  }
  if (total >= deps.options.jobLimits.total) throw new ShopError('RATE_LIMITED', JOBS_QUEUE_FULL_MESSAGE, { retryAfterSeconds: 120 });
  return -Math.max(byOwner, byAddress);
}

/** Queues the renditions of a row just stored; if the queue cannot take it, the row is marked failed (no endless loader). */
async function queueOrFail(deps: UploadsDeps, row: UploadRow, priority: number): Promise<void> {
  try {
    await deps.ctx.jobs.send(RENDER_QUEUE, { uploadId: row.id }, { singletonKey: row.id, priority });
    deps.ctx.jobs.notify(deps.renderWorker);
  } catch (error) {
    await markRenderFailed(deps, row.id).catch(() => undefined);
    throw error;
  }
}

/** An upload and an enhanced upload have an original file of their own; a crop shares its photo's. */
export function ownsOriginal(row: Pick<UploadRow, 'parentId' | 'cropX'>): boolean {
  return !row.parentId || row.cropX === null;
}

/**
 * Marks an upload whose renditions cannot be made as failed and removes its original (a crop's original is its
 * photo's, which stays; an enhanced upload's is its own).
 */
export async function markRenderFailed(deps: UploadsDeps, uploadId: string): Promise<void> {
  const [row] = await deps.ctx.database.db
    .update(uploads)
    .set({ status: 'failed' })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'processing')))
    .returning();
  if (row && ownsOriginal(row)) await deps.ctx.storage.delete(row.originalKey).catch(() => undefined);
}

/**
 * The one check of a photo that has fully arrived, by the resumable (tus) path or the plain multipart one: the format
 * by content (415), the header checks (422s), then either the renditions now (ordinary photos, which also proves the
 * pixels decode) or status 'processing' and a job (very large ones). `id` is the upload's id (the tus upload's own, so
 * the client finds its photo under it). The file is consumed: moved into storage on success, removed on any failure.
 */
export async function createUpload(deps: UploadsDeps, file: ReceivedFile, owner: Viewer, id: string = randomUUID()): Promise<Upload> {
  const stored: string[] = [];
  try {
    const format = await formatOfFile(file.path, file.bytes);
    // Only the image is kept: anything after a JPEG's end marker is cut off before the checks (and the file's size).
    const bytes = await keepOnlyTheImage(file.path, format, file.bytes);
    const info = await inspectImage(file.path, format);
    const createdAt = new Date();
    const originalKey = storedName(id, 'original', clientExtensionOf(file.filename, info.format) ?? CANONICAL_EXTENSIONS[info.format]);
    const row: UploadRow = {
      id,
      ownerUserId: owner.userId,
      claimHash: owner.userId ? null : owner.claimHash,
      parentId: null,
      cropX: null,
      cropY: null,
      cropWidth: null,
      cropHeight: null,
      enhanceStrength: null,
      upscale: null,
      progress: null,
      originalKey,
      renditionKey: null,
      thumbnailKey: null,
      format: info.format,
      orientation: info.orientation,
      originalWidth: info.width,
      originalHeight: info.height,
      regionLeft: 0,
      regionTop: 0,
      width: info.width,
      height: info.height,
      dpiX: info.dpi.x,
      dpiY: info.dpi.y,
      imageType: imageTypeOf(info.width, info.height),
      bytes,
      pages: info.pages,
      status: 'processing',
      clientAddress: owner.address ?? null,
      createdAt,
      expiresAt: uploadExpiresAt(createdAt),
      deletedAt: null,
    };
    const background = isLarge(deps, info.width * info.height, bytes);
    const priority = background ? await assertRenderQueueRoom(deps, owner) : 0;
    if (!background) {
      // Ordinary photos: the renditions are made before answering, which also proves the pixels decode.
      const keys = await renderAndStore(deps, row, file.path);
      stored.push(keys.renditionKey, keys.thumbnailKey);
      Object.assign(row, keys, { status: 'ready' });
    }
    await deps.ctx.storage.putFile(originalKey, file.path, CONTENT_TYPES[info.format], { move: true });
    stored.push(originalKey);
    await deps.ctx.database.db.insert(uploads).values(row);
    if (background) await queueOrFail(deps, row, priority);
    return toUploadBody(row, deps);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.ctx.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await fs.rm(file.path, { force: true });
  }
}

/** A live upload the viewer may see; 404 for unknown, expired, deleted and other people's uploads alike. */
export async function findAccessibleUpload(deps: UploadsDeps, id: string, viewer: Viewer): Promise<UploadRow> {
  const notFound = new ShopError('NOT_FOUND', 'This photo does not exist or is no longer available.');
  if (!UUID.test(id)) throw notFound;
  const [row] = await deps.ctx.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), isNull(uploads.deletedAt), gt(uploads.expiresAt, sql`now()`)));
  if (!row || !canAccess(row, viewer)) throw notFound;
  return row;
}

export async function getUpload(deps: UploadsDeps, id: string, viewer: Viewer): Promise<Upload> {
  return toUploadBody(await findAccessibleUpload(deps, id, viewer), deps);
}

/** The signed-in customer's photos (uploads and crops), newest first; expired, deleted and failed ones left out. */
export async function listUploads(deps: UploadsDeps, userId: string): Promise<Upload[]> {
  const rows = await deps.ctx.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerUserId, userId), isNull(uploads.deletedAt), gt(uploads.expiresAt, sql`now()`), ne(uploads.status, 'failed')))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(500);
  return rows.map((row) => toUploadBody(row, deps));
}

/** Moves every anonymous upload of a claim to the signed-in user. */
export async function claimUploads(deps: UploadsDeps, userId: string, claimHash: string): Promise<number> {
  const moved = await deps.ctx.database.db
    .update(uploads)
    .set({ ownerUserId: userId, claimHash: null })
    .where(and(eq(uploads.claimHash, claimHash), isNull(uploads.ownerUserId), isNull(uploads.deletedAt)))
    .returning({ id: uploads.id });
  return moved.length;
}

/**
 * Cuts a rectangle out of a photo without touching its original: a new upload (parentId, crop) whose pixels are that
 * region of the same stored original, with renditions of its own. A crop of a crop is placed in the root original.
 */
export async function cropUpload(deps: UploadsDeps, id: string, viewer: Viewer, rect: CropBody): Promise<Upload> {
  const parent = await findAccessibleUpload(deps, id, viewer);
  if (parent.status === 'failed') throw new ShopError('IMAGE_UNREADABLE');
  // An enhanced photo's original is written when its job ends: until then there is nothing to cut from.
  if (parent.status === 'processing' && ownsOriginal(parent) && parent.parentId) throw new ShopError('CONFLICT', STILL_ENHANCING);
  const whole = cropBodySchema.safeParse(rect).success;
  if (!whole || rect.x + rect.width > parent.width || rect.y + rect.height > parent.height) {
    throw new ShopError(
      'CROP_OUTSIDE_IMAGE',
      `The crop must lie inside the photo (${parent.width} × ${parent.height} px), in whole pixels, with a positive size.`,
      { imageWidth: parent.width, imageHeight: parent.height },
    );
  }
  const createdAt = new Date();
  const row: UploadRow = {
    ...parent,
    id: randomUUID(),
    parentId: parent.id,
    cropX: rect.x,
    cropY: rect.y,
    cropWidth: rect.width,
    cropHeight: rect.height,
    enhanceStrength: null,
    upscale: null,
    progress: null,
    regionLeft: parent.regionLeft + rect.x,
    regionTop: parent.regionTop + rect.y,
    width: rect.width,
    height: rect.height,
    imageType: imageTypeOf(rect.width, rect.height),
    renditionKey: null,
    thumbnailKey: null,
    status: 'processing',
    clientAddress: viewer.address ?? null,
    createdAt,
    expiresAt: uploadExpiresAt(createdAt),
    deletedAt: null,
  };
  const background = parent.status === 'processing' || isLarge(deps, parent.originalWidth * parent.originalHeight, parent.bytes);
  const priority = background ? await assertRenderQueueRoom(deps, viewer) : 0;
  if (!background) {
    const keys = await withLocalOriginal(deps, row.originalKey, (source) => renderAndStore(deps, row, source));
    Object.assign(row, keys, { status: 'ready' });
  }
  try {
    await deps.ctx.database.db.insert(uploads).values(row);
  } catch (error) {
    if (row.renditionKey) await deps.ctx.storage.delete(row.renditionKey).catch(() => undefined);
    if (row.thumbnailKey) await deps.ctx.storage.delete(row.thumbnailKey).catch(() => undefined);
    throw error;
  }
  if (background) await queueOrFail(deps, row, priority);
  return toUploadBody(row, deps);
}

/**
 * The render job: renditions for an upload or crop left 'processing'. Pixels that do not decode mark it 'failed'
 * (and remove an upload's original); other errors are thrown so pg-boss retries.
 */
export async function processRenderJob(deps: UploadsDeps, uploadId: string): Promise<void> {
  const db = deps.ctx.database.db;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row || row.status !== 'processing' || row.deletedAt) return;
  const fail = () => markRenderFailed(deps, row.id);
  // The original of a crop whose photo failed meanwhile is gone: the crop fails too.
  if (!(await deps.ctx.storage.exists(row.originalKey))) return fail();
  try {
    const keys = await withLocalOriginal(deps, row.originalKey, (source) => renderAndStore(deps, row, source));
    const updated = await db
      .update(uploads)
      .set({ ...keys, status: 'ready' })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, 'processing')))
      .returning({ id: uploads.id });
    if (updated.length === 0) {
      await deps.ctx.storage.delete(keys.renditionKey);
      await deps.ctx.storage.delete(keys.thumbnailKey);
    }
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    await fail();
  }
}
