import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every server (services/rate-limit). `key` is the limit's name and a
 * SHA-256 of what is counted (an IP address or an e-mail), so no address is stored in clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at').on(t.resetAt)],
);

/**
 * Failed sign-ins per account and address (services/auth/sign-in-failures): `key` is a SHA-256 of both. Only failures
 * count, and they slow further attempts from that address down progressively; other addresses are not affected.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_last_failure_at').on(t.lastFailureAt)],
);
