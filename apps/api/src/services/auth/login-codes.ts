import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_TRIES, LOGIN_CODE_TTL_MINUTES, type Locale } from '@framewala/domain';
import type { Database } from '../../db/client';

/**
 * One-time sign-in codes (docs/decisions/113-sign-in-with-a-code.md). A code is 6 random digits, kept for one e-mail
 * as a keyed hash (HMAC-SHA256 with a key derived from JWT_SECRET): a million possible codes make any unkeyed hash,
 * argon2 included, a lookup table for whoever reads the database, while without the key the stored value is worth
 * nothing. Checked in constant time, spent on first use, refused after 10 minutes or too many tries.
 */

/** The key of the codes' HMAC, derived from the session secret (a change of JWT_SECRET voids every open code). */
export function loginCodeKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'framewala', 'login code hash', 32));
}

/** The stored value of a code: bound to its e-mail, so one e-mail's hash says nothing of another's. */
export function hashLoginCode(key: Buffer, email: string, code: string): string {
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${code}`).digest('base64url');
}

/** Six random digits, leading zeros kept ('004217'). */
export function newLoginCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
}

/**
 * A new code for the e-mail, replacing any earlier one (and its count of tries). Returns the code, to be sent, and
 * when it expires.
 */
export async function issueLoginCode(database: Database, key: Buffer, email: string): Promise<{ code: string; expiresAt: Date }> {
  const code = newLoginCode();
  const { rows } = await database.pool.query<{ expires_at: Date }>(
    `INSERT INTO login_codes AS c (email, code_hash, tries, expires_at, created_at)
     VALUES ($1, $2, 0, now() + make_interval(mins => $3), now())
     ON CONFLICT (email) DO UPDATE SET
       code_hash = excluded.code_hash, tries = 0, expires_at = excluded.expires_at, created_at = excluded.created_at
     RETURNING expires_at`,
    [email.toLowerCase(), hashLoginCode(key, email, code), LOGIN_CODE_TTL_MINUTES],
  );
  return { code, expiresAt: rows[0]!.expires_at };
}

export type LoginCodeCheck = 'ok' | 'invalid' | 'too-many-tries';

/**
 * Checks a code and spends it when right. Every check counts as a try, counted before the comparison in one atomic
 * statement, so parallel guesses cannot get more than `maxTries` between them; past the limit even the right code is
 * refused. The right code is deleted in a statement that must still find it: two requests with the same code sign in
 * once.
 */
export async function checkLoginCode(
  database: Database,
  key: Buffer,
  email: string,
  code: string,
  maxTries = LOGIN_CODE_MAX_TRIES,
): Promise<LoginCodeCheck> {
  const address = email.toLowerCase();
  const { rows } = await database.pool.query<{ code_hash: string; tries: number }>(
    `UPDATE login_codes SET tries = LEAST(tries + 1, 1000000)
      WHERE email = $1 AND expires_at > now()
      RETURNING code_hash, tries`,
    [address],
  );
  const row = rows[0];
  if (!row) return 'invalid';
  if (row.tries > maxTries) return 'too-many-tries';
  const given = Buffer.from(hashLoginCode(key, address, code));
  const stored = Buffer.from(row.code_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return 'invalid';
  const spent = await database.pool.query(`DELETE FROM login_codes WHERE email = $1 AND code_hash = $2`, [address, row.code_hash]);
  return spent.rowCount === 1 ? 'ok' : 'invalid';
}

/** Deletes codes an hour after they expired (run from a scheduled job). */
export async function deleteOldLoginCodes(database: Database): Promise<number> {
  const { rowCount } = await database.pool.query(`DELETE FROM login_codes WHERE expires_at < now() - interval '1 hour'`);
  return rowCount ?? 0;
}

/** What a channel needs to deliver a code. */
export interface LoginCodeDelivery {
  email: string;
  code: string;
  expiresAt: Date;
  /** The account's language, or the request's for an account that has none (or does not exist yet). */
  locale: Locale;
  /** '' for an account without a name yet, or none. */
  firstName: string;
}

/**
 * How a code reaches the customer. E-mail is the one channel today (routes/accounts.ts, through the mail queue); a
 * WhatsApp channel, once configured, is another implementation chosen where the route builds its channel, and the
 * request body would then carry the number.
 */
export type LoginCodeChannel = (delivery: LoginCodeDelivery) => Promise<void>;
