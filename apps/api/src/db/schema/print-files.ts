import { bigint, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * The print-ready file of an order's line (`line_index` 0 for a single-photo order; one per line of a cart order), made by a pg-boss job when the order is paid and
 * rebuilt on demand from the admin console (docs/decisions/021-print-ready-files.md).
 *
 * `status`: 'queued' | 'rendering' | 'ready' | 'failed'. The source columns say which stored original the print was
 * cut from and where (the region in the oriented original's pixels); the output columns describe the file itself.
 */
export const printFiles = pgTable(
  'print_files',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order (`orders.lines`), 0 for a single-photo order. */
    lineIndex: integer('line_index').notNull().default(0),
    status: text('status').notNull().default('queued'),
    /** 'tiff' (LZW) or 'jpeg' (quality 100). */
    format: text('format').notNull().default('tiff'),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    widthPx: integer('width_px'),
    heightPx: integer('height_px'),
    ppi: doublePrecision('ppi'),
    borderPx: integer('border_px'),
    /** The upload the order names, its stored original and the region cut from it. */
    sourceUploadId: text('source_upload_id'),
    sourceKey: text('source_key'),
    sourceWidth: integer('source_width'),
    sourceHeight: integer('source_height'),
    regionLeft: integer('region_left'),
    regionTop: integer('region_top'),
    regionWidth: integer('region_width'),
    regionHeight: integer('region_height'),
    /** The embedded colour profile's description, or 'sRGB (assumed)' when the source had none. */
    sourceProfile: text('source_profile'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineIndex] })],
);

export type PrintFileRow = typeof printFiles.$inferSelect;
