import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';

/**
 * Failed sign-ins slow down further attempts on the same account from the same address, progressively: the first
 * `freeFailures` cost nothing; after that each attempt must wait `baseDelaySeconds`, doubling with every failure, up to
 * `maxDelaySeconds`. A successful sign-in clears the count; failures are forgotten `forgetAfterSeconds` after the last.
 *
 * Only failures count, and only from that address: whoever guesses from elsewhere cannot lock the customer out, and
 * the customer signing in many times in a row is never refused. Guessing across many addresses is held back by the
 * per-address limit on every sign-in request (routes/accounts.ts).
 */
export interface SignInDelayRule {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export const DEFAULT_SIGN_IN_DELAY: SignInDelayRule = {
  freeFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

/** The wait, in seconds, that `failures` failures impose after the last one. */
export function delayAfter(failures: number, rule: SignInDelayRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings);
}

/** The stored key: a SHA-256 of the account's e-mail and the address, so neither is kept in clear. */
export function signInKey(email: string, ip: string): string {
  return createHash('sha256').update(`sign-in\n${email.toLowerCase()}\n${ip}`).digest('base64url');
}

/** Seconds to wait before this address may try this account again (0: now). */
export async function signInWaitSeconds(database: Database, key: string, rule: SignInDelayRule): Promise<number> {
  const { rows } = await database.pool.query<{ failures: number; since: number }>(
    `SELECT failures, EXTRACT(EPOCH FROM now() - last_failure_at)::float8 AS since FROM login_failures WHERE key = $1`,
    [key],
  );
  const row = rows[0];
  if (!row || row.since >= rule.forgetAfterSeconds) return 0;
  return Math.max(0, Math.ceil(delayAfter(row.failures, rule) - row.since));
}

/** Counts one failed sign-in (a count older than `forgetAfterSeconds` starts again at 1). */
export async function recordSignInFailure(database: Database, key: string, rule: SignInDelayRule): Promise<void> {
  await database.pool.query(
    `INSERT INTO login_failures AS f (key, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.last_failure_at <= now() - make_interval(secs => $2) THEN 1 ELSE LEAST(f.failures + 1, 1000000) END,
       last_failure_at = now()`,
    [key, rule.forgetAfterSeconds],
  );
}

/** A successful sign-in forgets the failures of this account from this address. */
export async function clearSignInFailures(database: Database, key: string): Promise<void> {
  await database.pool.query(`DELETE FROM login_failures WHERE key = $1`, [key]);
}

/** Deletes counts that are forgotten anyway (run from a scheduled job). */
export async function deleteOldSignInFailures(database: Database, rule: SignInDelayRule): Promise<number> {
  const { rowCount } = await database.pool.query(`DELETE FROM login_failures WHERE last_failure_at < now() - make_interval(secs => $1)`, [
    rule.forgetAfterSeconds,
  ]);
  return rowCount ?? 0;
}
