import crypto from 'node:crypto';
import type { Database } from '../../db/client';

/**
 * The catalogue's JSON answers, serialized once per process and served from memory (docs/decisions/029-catalogue-cache.md).
 *
 * Every server keeps its own copy; none is told about another's edits. Instead each checks, at most every
 * `checkEveryMs`, a fingerprint of the catalogue tables computed by PostgreSQL (an md5 over every row of frame_sets,
 * frame_finishes, preset_sizes and white_borders): any change by any server, the owner's console or a hand-written
 * UPDATE shows up there, and the copy is dropped. `invalidateCatalogueCache()` drops this process's copies at once
 * (the console calls it after an edit, so the editing server answers the new catalogue on the next request).
 */
export interface CachedJson {
  body: string;
  /** A strong validator of `body` (quoted, as sent in the ETag header). */
  etag: string;
}

/** How often a server looks for catalogue edits made elsewhere; an edit reaches every server within this. */
export const CATALOGUE_CHECK_EVERY_MS = 500;

const FINGERPRINT_SQL = `SELECT md5(concat_ws('|',
  (SELECT string_agg(t::text, ',' ORDER BY t.id) FROM frame_sets t),
  (SELECT string_agg(t::text, ',' ORDER BY t.id) FROM frame_finishes t),
  (SELECT string_agg(t::text, ',' ORDER BY t.id) FROM preset_sizes t),
  (SELECT string_agg(t::text, ',' ORDER BY t.id) FROM white_borders t))) AS fingerprint`;

const live = new Set<CatalogueCache>();

/** Drops every cached catalogue answer in this process; other servers see the edit within CATALOGUE_CHECK_EVERY_MS. */
export function invalidateCatalogueCache(): void {
  for (const cache of live) cache.clear();
}

export class CatalogueCache {
  private entries = new Map<string, Promise<CachedJson>>();
  private fingerprint: string | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  private generation = 0;

  constructor(
    private readonly database: Database,
    private readonly checkEveryMs = CATALOGUE_CHECK_EVERY_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    live.add(this);
  }

  /** Stops taking part in invalidateCatalogueCache() (the app closed). */
  dispose(): void {
    live.delete(this);
    this.clear();
  }

  clear(): void {
    this.entries = new Map();
    this.fingerprint = undefined;
    this.checkedAt = 0;
    this.generation += 1;
  }

  /** The cached answer for `key`, built by `build` (once, however many requests ask at once) when missing or stale. */
  async get(key: string, build: () => Promise<string>): Promise<CachedJson> {
    await this.revalidate();
    let entry = this.entries.get(key);
    if (!entry) {
      const generation = this.generation;
      entry = build().then((body) => ({ body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"` }));
      this.entries.set(key, entry);
      // A failed build is not kept (the next request tries again); nor is one overtaken by an invalidation.
      entry
        .catch(() => undefined)
        .then(
          (built) => {
            if (!built || generation !== this.generation) {
              if (this.entries.get(key) === entry) this.entries.delete(key);
            }
          },
          () => undefined,
        );
    }
    return entry;
  }

  private revalidate(): Promise<void> {
    if (this.now() - this.checkedAt < this.checkEveryMs && this.fingerprint !== undefined) return Promise.resolve();
    this.checking ??= (async () => {
      try {
        const generation = this.generation;
        const started = this.now();
        const { rows } = await this.database.pool.query<{ fingerprint: string | null }>(FINGERPRINT_SQL);
        const fingerprint = rows[0]?.fingerprint ?? '';
        if (generation !== this.generation) return; // invalidated meanwhile: the next request checks again
        if (fingerprint !== this.fingerprint) {
          this.entries = new Map();
          this.generation += 1;
          this.fingerprint = fingerprint;
        }
        this.checkedAt = started;
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }
}
