/**
 * The shared building blocks for ids and free text that come from outside (paths, bodies, queries, webhooks). A NUL
 * character can never be stored in PostgreSQL text, and bidi control characters make a name or an address read
 * differently from what it holds, so both are refused here, with 400, before anything reaches the database.
 */
import { z } from 'zod';

/** NUL (U+0000). */
const NUL = String.fromCharCode(0);

/**
 * Bidirectional formatting characters: LRE, RLE, PDF, LRO, RLO (U+202A–U+202E), LRI, RLI, FSI, PDI (U+2066–U+2069),
 * LRM, RLM (U+200E, U+200F) and the Arabic letter mark (U+061C).
 */
export const BIDI_CONTROL_PATTERN = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

export const NUL_MESSAGE = 'Must not contain a NUL character';
export const BIDI_CONTROL_MESSAGE = 'Must not contain text-direction control characters';

export const hasNul = (value: string): boolean => value.includes(NUL);
export const hasBidiControl = (value: string): boolean => BIDI_CONTROL_PATTERN.test(value);

/** An opaque id (order number, upload id, provider id…): trimmed, 1 to `max` characters, no NUL. */
export const textIdSchema = (max = 200) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !hasNul(v), NUL_MESSAGE);

/** Free text of at most `max` characters (a search box, a label), trimmed, without NUL. */
export const plainTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasNul(v), NUL_MESSAGE);

/**
 * A catalogue text in Hindi, sent beside its English field under the same name with `Hi` (`frameName` →
 * `frameNameHi`): null where the shop has not written one, and an answer without the field (an older server's, an
 * order placed before the shop kept Hindi names) reads as null. Pages show it in Hindi and fall back to the English.
 */
export const hindiTextSchema = z.string().nullable().default(null);
