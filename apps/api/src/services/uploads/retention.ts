import { and, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, uploads } from '../../db/schema';
import type { UploadsDeps } from './service';

/** The daily pg-boss schedule (UTC) that deletes expired photos. */
export const RETENTION_QUEUE = 'uploads-retention';
export const RETENTION_CRON = '30 21 * * *'; // 03:00 in India

export { ORPHAN_TEMP_AGE_MS, sweepTempDir } from './temp-files';

/**
 * Upload ids that an order not yet delivered still uses: their files must outlive the 90 days. An order keeps the
 * photo of every one of its lines (the crop, which shares its root's original) until it is delivered, cancelled or
 * refunded.
 */
export async function uploadsHeldByOpenOrders(db: Db): Promise<Set<string>> {
  const { rows } = await db.execute<{ upload_id: string }>(
    sql`SELECT DISTINCT line->>'uploadId' AS upload_id FROM ${orders} CROSS JOIN jsonb_array_elements(${orders.lines}) AS line
        WHERE ${notInArray(orders.status, ['delivered', 'cancelled', 'refunded'])} AND line->>'uploadId' IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.upload_id));
}

/**
 * Deletes the files of uploads past `expires_at` (90 days) and marks their rows deleted, except those held by an
 * open order. A crop shares its photo's original, so an original is only deleted once no live row uses it.
 */
export async function runRetention(
  deps: UploadsDeps,
  options: { now?: Date; heldByOpenOrders?: (db: Db) => Promise<Set<string>> } = {},
): Promise<{ deleted: number; originalsDeleted: number }> {
  const now = options.now ?? new Date();
  const { db } = deps.ctx.database;
  const { storage } = deps.ctx;
  const held = await (options.heldByOpenOrders ?? uploadsHeldByOpenOrders)(db);
  const expired = (
    await db
      .select()
      .from(uploads)
      .where(and(isNull(uploads.deletedAt), lte(uploads.expiresAt, now)))
  ).filter((row) => !held.has(row.id));
  if (expired.length === 0) return { deleted: 0, originalsDeleted: 0 };

  for (const row of expired) {
    for (const key of [row.renditionKey, row.thumbnailKey]) if (key) await storage.delete(key);
  }
  await db
    .update(uploads)
    .set({ deletedAt: now })
    .where(
      inArray(
        uploads.id,
        expired.map((row) => row.id),
      ),
    );

  const originals = [...new Set(expired.map((row) => row.originalKey))];
  const stillUsed = new Set(
    (
      await db
        .select({ key: uploads.originalKey })
        .from(uploads)
        .where(and(inArray(uploads.originalKey, originals), isNull(uploads.deletedAt)))
    ).map((r) => r.key),
  );
  let originalsDeleted = 0;
  for (const key of originals) {
    if (stillUsed.has(key)) continue;
    await storage.delete(key);
    originalsDeleted++;
  }
  return { deleted: expired.length, originalsDeleted };
}
