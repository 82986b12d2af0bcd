import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  isLocale,
  NAME_MAX_LENGTH,
  RESET_TOKEN_TTL_MINUTES,
  ShopError,
  type Locale,
  type Address,
  type LoginBody,
  type PublicUser,
  type RegisterBody,
} from '@framewala/domain';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { signSessionToken, type Role } from './tokens';

type UserRow = typeof users.$inferSelect;

const roleOf = (value: string): Role => (value === 'admin' ? 'admin' : 'customer');

/** The account's language, or null when none was chosen. */
export const localeOfUser = (row: Pick<UserRow, 'locale'>): Locale | null => (isLocale(row.locale) ? row.locale : null);

/** The user as the API shows it: never the password hash. */
export function publicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobile,
    role: roleOf(row.role),
    locale: localeOfUser(row),
  };
}

export async function findUserByEmail(database: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(database: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await database.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** What the auth plugin checks on every request with a token. */
export async function loadAccount(database: Database, userId: string): Promise<{ role: Role; sessionVersion: number } | undefined> {
  const [row] = await database.db
    .select({ role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && { role: roleOf(row.role), sessionVersion: row.sessionVersion };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Creates a customer account. An e-mail already in use (any letter case) is 409 EMAIL_TAKEN. */
export async function registerUser(database: Database, body: RegisterBody): Promise<PublicUser> {
  if (await findUserByEmail(database, body.email)) throw new ShopError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(body.password);
  try {
    const [row] = await database.db
      .insert(users)
      .values({
        id: randomUUID(),
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        mobile: body.mobile,
        passwordHash,
        role: 'customer',
        locale: body.locale ?? null,
      })
      .returning();
    return publicUser(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError('EMAIL_TAKEN'); // two sign-ups raced
    throw error;
  }
}

async function sessionFor(jwtSecret: string, row: UserRow, remember: boolean): Promise<{ token: string; user: PublicUser }> {
  const token = await signSessionToken(
    jwtSecret,
    { userId: row.id, role: roleOf(row.role) },
    { remember, sessionVersion: row.sessionVersion },
  );
  return { token, user: publicUser(row) };
}

/**
 * Checks the credentials and signs a session. An unknown e-mail, an account without a password (made by a sign-in
 * code) and a wrong password get the same error, and the first two still cost one argon2 verification.
 */
export async function logIn(database: Database, jwtSecret: string, body: LoginBody): Promise<{ token: string; user: PublicUser }> {
  const row = await findUserByEmail(database, body.userName);
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, body.password)
    : await verifyPassword(await dummyPasswordHash(), body.password).then(() => false);
  if (!row || !ok) throw new ShopError('INVALID_CREDENTIALS');
  return sessionFor(jwtSecret, row, body.rememberMe === true);
}

/**
 * Signs in the e-mail's account after its one-time code was checked, making the account on first use: no password
 * (password sign-in refuses it until one is set through 'Forgot password'), empty names and mobile, which the first
 * saved address fills (fillAccountFromAddress). Its language stays unchosen (null) until the web app saves the one
 * the customer is using, as it does after every sign-in of an account without one.
 */
export async function signInWithCheckedEmail(
  database: Database,
  jwtSecret: string,
  email: string,
): Promise<{ token: string; user: PublicUser; created: boolean }> {
  let row = await findUserByEmail(database, email);
  let created = false;
  if (!row) {
    // Two verifications racing for a new e-mail: the unique index lets one insert, the other reads it.
    const inserted = await database.db
      .insert(users)
      .values({
        id: randomUUID(),
        email: email.toLowerCase(),
        firstName: '',
        lastName: '',
        mobile: '',
        passwordHash: null,
        role: 'customer',
        locale: null,
      })
      .onConflictDoNothing()
      .returning();
    row = inserted[0] ?? (await findUserByEmail(database, email));
    created = inserted.length > 0;
  }
  if (!row) throw new ShopError('INTERNAL');
  return { ...(await sessionFor(jwtSecret, row, false)), created };
}

/**
 * Fills the account's empty names and mobile from a saved address: an account made by a sign-in code has none until
 * the customer gives them at buyer details. The names are filled only when both are empty (the address's full name:
 * its first word is the first name, the rest the last name); names and a mobile already there are never changed.
 */
export async function fillAccountFromAddress(
  database: Database,
  userId: string,
  address: Pick<Address, 'fullName' | 'phone'>,
): Promise<void> {
  const [first = '', ...rest] = address.fullName.trim().split(/\s+/u);
  const firstName = first.slice(0, NAME_MAX_LENGTH);
  const lastName = rest.join(' ').slice(0, NAME_MAX_LENGTH).trim();
  await database.pool.query(
    `UPDATE users SET
       first_name = CASE WHEN first_name = '' AND last_name = '' THEN $2 ELSE first_name END,
       last_name = CASE WHEN first_name = '' AND last_name = '' THEN $3 ELSE last_name END,
       mobile = CASE WHEN mobile = '' THEN $4 ELSE mobile END,
       updated_at = now()
     WHERE id = $1 AND ((first_name = '' AND last_name = '') OR mobile = '')`,
    [userId, firstName, lastName, address.phone],
  );
}

/** Saves the account's language; undefined when the account no longer exists. */
export async function setUserLocale(database: Database, userId: string, locale: Locale): Promise<PublicUser | undefined> {
  const [row] = await database.db
    .update(users)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row && publicUser(row);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResetRequest {
  user: PublicUser;
  token: string;
  expiresAt: Date;
}

/** A new single-use reset token for the e-mail's account, or undefined when there is no such account. */
export async function createPasswordReset(database: Database, email: string, now = new Date()): Promise<ResetRequest | undefined> {
  const row = await findUserByEmail(database, email);
  if (!row) return undefined;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
  await database.db.insert(passwordResets).values({ id: randomUUID(), userId: row.id, tokenHash: hashToken(token), expiresAt });
  return { user: publicUser(row), token, expiresAt };
}

/**
 * Sets a new password with a reset token. The token is spent in the same transaction that changes the password;
 * every other open reset link of the account is spent too, and the session version goes up, ending older sessions.
 */
export async function resetPassword(database: Database, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  const live = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));
  // Checked before hashing, so a made-up token costs no argon2 work.
  const [pending] = await database.db.select({ id: passwordResets.id }).from(passwordResets).where(live).limit(1);
  if (!pending) throw new ShopError('RESET_TOKEN_INVALID');
  const passwordHash = await hashPassword(password);
  await database.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(live)
      .returning({ userId: passwordResets.userId });
    if (!spent) throw new ShopError('RESET_TOKEN_INVALID'); // used a moment ago by a concurrent request
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
  });
}

/**
 * Ends every session of the account (signing out): the session version goes up, so every token signed before,
 * the one used to sign out included, is refused from now on.
 */
export async function endSessions(database: Database, userId: string): Promise<void> {
  await database.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Deletes reset tokens a day after they expired (run from a scheduled job). */
export async function deleteOldPasswordResets(database: Database): Promise<number> {
  const { rowCount } = await database.pool.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
  return rowCount ?? 0;
}
