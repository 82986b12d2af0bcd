import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Password-reset links. Only the SHA-256 of the token is stored; a link is single-use (`used_at`) and expires
 * (`expires_at`). Asking again does not revoke an earlier link; changing the password revokes them all.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user').on(t.userId), index('password_resets_expires').on(t.expiresAt)],
);

/**
 * One-time sign-in codes, one per e-mail (lower-cased; the account may not exist yet): asking again replaces the code
 * and its count of tries. Only a keyed hash (HMAC-SHA256) of the code is stored; a code is deleted when used and
 * refused after `expires_at` or once `tries` passed the limit (docs/decisions/113-sign-in-with-a-code.md).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    email: text('email').primaryKey(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_codes_expires').on(t.expiresAt)],
);
