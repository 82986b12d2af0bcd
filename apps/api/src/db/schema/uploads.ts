import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Uploaded photos and the crops made from them (docs/decisions/008-upload-pipeline.md).
 *
 * An upload points at one stored original. A crop is its own row with `parent_id` (the photo it was cut from) and
 * `crop_*` (the rectangle in the parent's pixels); it shares its root's original file — cropping never copies or
 * changes the original — and `region_*` is where its pixels lie in that original (after EXIF orientation). For a
 * plain upload the region is the whole image. Each row has its own display rendition and thumbnail.
 *
 * Ownership: `owner_user_id` when uploaded with a session, else `claim_hash` (SHA-256 of the browser's anonymous
 * claim) until the claim is attached to an account. `expires_at` is 90 days after upload; the retention job deletes
 * the files and sets `deleted_at`.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** Random UUID: unguessable, also the folder of the row's files in storage. */
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimHash: text('claim_hash'),
    parentId: text('parent_id').references((): AnyPgColumn => uploads.id, { onDelete: 'set null' }),
    cropX: integer('crop_x'),
    cropY: integer('crop_y'),
    cropWidth: integer('crop_width'),
    cropHeight: integer('crop_height'),
    /**
     * An enhanced upload: the auto-enhance strength (0–100) and the AI upscale factor (2, 4) it was made with. It has
     * its own original (the enhanced pixels, upright, region the whole image), which its own crops then share.
     */
    enhanceStrength: integer('enhance_strength'),
    upscale: integer('upscale'),
    /** 0–1 while an enhance job runs, for the browser's progress bar. */
    progress: doublePrecision('progress'),
    /** The stored original (shared by a photo and its crops). */
    originalKey: text('original_key').notNull(),
    renditionKey: text('rendition_key'),
    thumbnailKey: text('thumbnail_key'),
    /** 'jpeg' | 'tiff', decided by content. */
    format: text('format').notNull(),
    /** The original file's EXIF orientation (1–8) and its size after orientation. */
    orientation: integer('orientation').notNull().default(1),
    originalWidth: integer('original_width').notNull(),
    originalHeight: integer('original_height').notNull(),
    /** Where this row's pixels lie in the oriented original; the whole image for an upload. */
    regionLeft: integer('region_left').notNull().default(0),
    regionTop: integer('region_top').notNull().default(0),
    /** This row's pixels (after orientation): the original's size, or the crop's. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    dpiX: doublePrecision('dpi_x').notNull(),
    dpiY: doublePrecision('dpi_y').notNull(),
    /** 'landscape' | 'portrait' | 'square'. */
    imageType: text('image_type').notNull(),
    /** Size of the original file in bytes. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    pages: integer('pages').notNull().default(1),
    /** 'ready' | 'processing' | 'failed'. */
    status: text('status').notNull().default('ready'),
    /**
     * The address of the request that made the row (request.ip: see TRUST_PROXY); null for rows made before it was
     * kept. Photos waiting for a job are counted and served by it as well as by owner (an anonymous claim is free).
     */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_owner_created')
      .on(t.ownerUserId, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('uploads_claim')
      .on(t.claimHash)
      .where(sql`${t.claimHash} is not null`),
    index('uploads_expires')
      .on(t.expiresAt)
      .where(sql`${t.deletedAt} is null`),
    index('uploads_original_key').on(t.originalKey),
    index('uploads_parent').on(t.parentId),
    index('uploads_processing_address')
      .on(t.clientAddress)
      .where(sql`${t.status} = 'processing'`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
