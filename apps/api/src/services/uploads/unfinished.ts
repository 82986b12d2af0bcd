import { ShopError } from '@framewala/domain';
import type { Database } from '../../db/client';
import type { Viewer } from './access';

/**
 * How much unfinished resumable uploads may hold. Each may declare up to 2 GiB and waits up to 24 hours for its last
 * byte, and creating one is free, so the declared bytes are counted when an upload is created, not when its bytes
 * arrive: per address, per customer (an account, or an anonymous claim) and on the whole server.
 */
export interface UnfinishedLimits {
  /** Unfinished uploads per address, and per account or claim. */
  perAddress: number;
  perOwner: number;
  /** Their declared bytes per address, and per account or claim. */
  bytesPerAddress: number;
  bytesPerOwner: number;
  /** Declared bytes of every unfinished upload of the shop (its disk or bucket). */
  totalBytes: number;
}

const GiB = 1024 * 1024 * 1024;

export const DEFAULT_UNFINISHED_LIMITS: UnfinishedLimits = {
  perAddress: 10,
  perOwner: 10,
  bytesPerAddress: 8 * GiB,
  bytesPerOwner: 4 * GiB,
  totalBytes: 64 * GiB,
};

const TOO_MANY = 'You have too many photos half uploaded. Please finish or cancel one of them, then try again.';
const TOO_MUCH = 'Your unfinished uploads are too large together. Please finish or cancel one of them, then try again.';
const SHOP_FULL = 'The shop is receiving a lot of photos right now. Please try again in a few minutes.';

const refused = (message: string) => new ShopError('RATE_LIMITED', message, { retryAfterSeconds: 60 });

/**
 * Records a new unfinished upload after checking the limits, in one transaction that takes its turn with every other
 * creation (a transaction-level advisory lock: two creations cannot pass a limit together). Uploads past their expiry
 * are dropped from the count and their records deleted first; their ids are answered so that the caller deletes
 * their bytes. 429 RATE_LIMITED when a limit would be passed.
 */
export async function recordUnfinished(
  database: Database,
  upload: { id: string; owner: Viewer; address: string; declaredBytes: number; expiresAt: Date },
  limits: UnfinishedLimits,
): Promise<string[]> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('framewala:unfinished-uploads'))`);
    const expired = await client.query<{ id: string }>(`DELETE FROM unfinished_uploads WHERE expires_at <= now() RETURNING id`);
    const ownerColumn = upload.owner.userId ? 'owner_user_id' : 'claim_hash';
    const ownerValue = upload.owner.userId ?? upload.owner.claimHash;
    const {
      rows: [used],
    } = await client.query<{ by_address: number; address_bytes: string; by_owner: number; owner_bytes: string; total_bytes: string }>(
      `SELECT count(*) FILTER (WHERE client_address = $1)::int AS by_address,
              coalesce(sum(declared_bytes) FILTER (WHERE client_address = $1), 0)::text AS address_bytes,
              count(*) FILTER (WHERE ${ownerColumn} = $2)::int AS by_owner,
              coalesce(sum(declared_bytes) FILTER (WHERE ${ownerColumn} = $2), 0)::text AS owner_bytes,
              coalesce(sum(declared_bytes), 0)::text AS total_bytes
         FROM unfinished_uploads`,
      [upload.address, ownerValue],
    );
    const bytes = upload.declaredBytes;
    if (used!.by_address >= limits.perAddress || used!.by_owner >= limits.perOwner) throw refused(TOO_MANY);
    if (Number(used!.address_bytes) + bytes > limits.bytesPerAddress || Number(used!.owner_bytes) + bytes > limits.bytesPerOwner) {
      throw refused(TOO_MUCH);
    }
    if (Number(used!.total_bytes) + bytes > limits.totalBytes) throw refused(SHOP_FULL);
    await client.query(
      `INSERT INTO unfinished_uploads (id, owner_user_id, claim_hash, client_address, declared_bytes, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [upload.id, upload.owner.userId, upload.owner.userId ? null : upload.owner.claimHash, upload.address, bytes, upload.expiresAt],
    );
    await client.query('COMMIT');
    return expired.rows.map((r) => r.id);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The upload is finished, refused, cancelled or expired: it no longer counts. */
export async function forgetUnfinished(database: Database, id: string): Promise<void> {
  await database.pool.query(`DELETE FROM unfinished_uploads WHERE id = $1`, [id]);
}

/** Deletes the records of uploads past their expiry and answers their ids (their bytes are the caller's to delete). */
export async function takeExpiredUnfinished(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ id: string }>(`DELETE FROM unfinished_uploads WHERE expires_at <= now() RETURNING id`);
  return rows.map((r) => r.id);
}
