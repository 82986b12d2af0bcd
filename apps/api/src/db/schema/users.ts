import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Customers and staff. `role` is 'customer' or 'admin'. E-mails are stored lower-cased and unique. `locale` is the
 * account's language ('en' or 'hi', the domain's LOCALES), null until the customer has chosen one. An account made by
 * signing in with a one-time code starts with empty names and mobile; its first saved address fills them.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile').notNull(),
    /** null for an account made by signing in with a one-time code, until a password is set through a reset link. */
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('customer'),
    /** Bumped when the password changes; session tokens carry it, so older sessions stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), check('users_locale', sql`${t.locale} IN ('en', 'hi')`)],
);
