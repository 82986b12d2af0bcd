import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended setting (19 MiB of memory, 2 passes, 1 lane): about 15 ms per hash or check on
 * the development machine, 19 MiB each while it runs. The parameters are stored inside each hash, so raising them
 * later only affects new hashes.
 */
// `Algorithm` is an ambient const enum (unusable with isolatedModules): 2 is Argon2id.
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, verified against when the e-mail is unknown so that a sign-in for an unknown e-mail
 * costs as long as one with a wrong password. Made once per process.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}
