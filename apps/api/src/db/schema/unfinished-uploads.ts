import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Resumable uploads that have not received their last byte, one row from creation until the upload is finished,
 * refused, cancelled or expired: what the limits on unfinished uploads count (services/uploads/unfinished.ts). Their
 * bytes are in the tus store (the server's disk or the bucket); this is the count every server shares.
 */
export const unfinishedUploads = pgTable(
  'unfinished_uploads',
  {
    /** The upload's id (also the photo's once finished). */
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the anonymous claim, when not signed in. */
    claimHash: text('claim_hash'),
    /** The address the upload was created from (request.ip: see TRUST_PROXY). */
    clientAddress: text('client_address').notNull(),
    /** Its Upload-Length. */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('unfinished_uploads_address').on(t.clientAddress),
    index('unfinished_uploads_owner').on(t.ownerUserId),
    index('unfinished_uploads_claim').on(t.claimHash),
    index('unfinished_uploads_expires').on(t.expiresAt),
  ],
);
