import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_WHITE_BORDER_NAMES_HI,
  DEFAULT_WHITE_BORDERS,
  FORMER_WHITE_BORDER_NAMES,
  PRESET_SIZES,
  type DefaultWhiteBorderName,
} from '@framewala/domain';
import { FRAME_ART_VERSION, FRAME_PARTS, renderFinishImages, renderSetThumbnail, type FramePart } from '../../catalogue/frame-art';
import { FRAME_SETS } from '../../catalogue/frame-finishes';
import { withAdvisoryLock, type Database, type Tx } from '../../db/client';
import { frameFinishes, frameSets, presetSizes, whiteBorders, type FrameImageKeys } from '../../db/schema';
import type { Storage } from '../storage';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export const frameSetId = (setSlug: string) => `set-${setSlug}`;
export const frameFinishId = (setSlug: string, finishSlug: string) => `${setSlug}--${finishSlug}`;

const partFile: Record<FramePart, string> = {
  sideUp: 'side-up',
  sideDown: 'side-down',
  sideLeft: 'side-left',
  sideRight: 'side-right',
  topLeft: 'top-left',
  topRight: 'top-right',
  bottomLeft: 'bottom-left',
  bottomRight: 'bottom-right',
};

export function finishImageKeys(setSlug: string, finishSlug: string): FrameImageKeys {
  const keys = {} as FrameImageKeys;
  for (const part of FRAME_PARTS) keys[part] = `frames/${FRAME_ART_VERSION}/${setSlug}/${finishSlug}/${partFile[part]}.webp`;
  return keys;
}

export const setThumbnailKey = (setSlug: string) => `frames/${FRAME_ART_VERSION}/${setSlug}/thumbnail.webp`;

/** Runs `task` over `items` with at most `limit` at once (the drawing is CPU-bound; the machine has 2 cores). */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  });
  await Promise.all(workers);
}

/**
 * Seeds the catalogue idempotently: rows are keyed by stable ids and inserted only when missing, so a second start
 * (or a second server) changes nothing and the owner's later edits are never overwritten. Frame images are drawn
 * by the project and stored once per drawing version; generated finishes move to a new drawing version by themselves.
 * Seeded rows carry their Hindi; a database seeded before the shop kept Hindi gets it on the next start (see
 * `fillSeededHindi`).
 */
export async function seedCatalogue(database: Database, storage: Storage, log: Logger): Promise<void> {
  await withAdvisoryLock(database, 'framewala:seed', async () => {
    await seedRows(database);
    await seedFrameArt(database, storage, log);
  });
}

async function seedRows({ db }: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(presetSizes)
      .values(
        PRESET_SIZES.map((s) => ({
          id: s.id,
          format: s.format,
          label: s.label ?? null,
          widthIn: s.width,
          heightIn: s.height,
          sort: s.sort,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(whiteBorders)
      .values(
        DEFAULT_WHITE_BORDERS.map((b) => ({
          id: `border-${b.level}`,
          level: b.level,
          sizeIn: b.size,
          name: b.name,
          nameHi: borderNameHi(b.name),
          sizeName: b.sizeName,
          pricePaise: b.pricePaise,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(frameSets)
      .values(
        FRAME_SETS.map((set, i) => ({
          id: frameSetId(set.slug),
          slug: set.slug,
          name: set.name,
          nameHi: set.nameHi,
          mouldingIn: set.mouldingIn,
          ratePaisePerSqIn: set.ratePaisePerSqIn,
          category: set.category,
          description: set.description,
          descriptionHi: set.descriptionHi,
          label: `${set.mouldingIn} in`,
          paddingIn: 0,
          thumbnailKey: setThumbnailKey(set.slug),
          sort: i,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(frameFinishes)
      .values(
        FRAME_SETS.flatMap((set) =>
          set.finishes.map((finish, j) => ({
            id: frameFinishId(set.slug, finish.slug),
            setId: frameSetId(set.slug),
            slug: finish.slug,
            name: finish.name,
            category: finish.category ?? set.category,
            description: finish.description,
            nameHi: finish.nameHi,
            categoryHi: finish.categoryHi,
            descriptionHi: finish.descriptionHi,
            material: finish.material,
            images: finishImageKeys(set.slug, finish.slug),
            artSource: 'generated',
            artVersion: FRAME_ART_VERSION,
            sort: j,
          })),
        ),
      )
      .onConflictDoNothing();
    await renameFormerBorders(tx);
    await fillSeededHindi(tx);
  });
}

const borderNameHi = (name: string): string => DEFAULT_WHITE_BORDER_NAMES_HI[name as DefaultWhiteBorderName];

/**
 * Gives the seeded borders that still carry a former default name (one a frame set also has: 'Classic', 'Gallery')
 * today's name and its Hindi. A border the owner renamed keeps the owner's name, and a Hindi the owner wrote stays.
 * Touches no row on a second run.
 */
async function renameFormerBorders(tx: Tx): Promise<void> {
  const renames = FORMER_WHITE_BORDER_NAMES.map((former) => {
    const name = DEFAULT_WHITE_BORDERS[former.level]!.name;
    return { id: `border-${former.level}`, former: former.name, former_hi: former.nameHi, name, name_hi: borderNameHi(name) };
  });
  await tx.execute(sql`UPDATE white_borders t SET name = v.name,
      name_hi = CASE WHEN t.name_hi IS NULL OR t.name_hi = v.former_hi THEN v.name_hi ELSE t.name_hi END, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(renames)}::jsonb) AS v(id text, former text, former_hi text, name text, name_hi text)
    WHERE t.id = v.id AND t.name = v.former`);
}

/**
 * Writes the seed's Hindi into seeded rows that have none, field by field, where the English is still the seed's own
 * text: a database seeded before the shop kept Hindi gets it, while a text the owner changed keeps a null Hindi until
 * the owner writes one, and a Hindi the owner wrote is never replaced. Touches no row on a second run.
 */
async function fillSeededHindi(tx: Tx): Promise<void> {
  const sets = FRAME_SETS.map((set) => ({
    id: frameSetId(set.slug),
    name: set.name,
    name_hi: set.nameHi,
    description: set.description,
    description_hi: set.descriptionHi,
  }));
  const finishes = FRAME_SETS.flatMap((set) =>
    set.finishes.map((finish) => ({
      id: frameFinishId(set.slug, finish.slug),
      name: finish.name,
      name_hi: finish.nameHi,
      category: finish.category ?? set.category,
      category_hi: finish.categoryHi,
      description: finish.description,
      description_hi: finish.descriptionHi,
    })),
  );
  const borders = DEFAULT_WHITE_BORDERS.map((b) => ({ id: `border-${b.level}`, name: b.name, name_hi: borderNameHi(b.name) }));
  /** `column_hi` takes the seed's Hindi when it is null and `column` is the seed's English. */
  const fill = (column: string) =>
    sql.raw(`${column}_hi = CASE WHEN t.${column}_hi IS NULL AND t.${column} = v.${column} THEN v.${column}_hi ELSE t.${column}_hi END`);
  const wanted = (column: string) => sql.raw(`(t.${column}_hi IS NULL AND t.${column} = v.${column})`);
  await tx.execute(sql`UPDATE frame_sets t SET ${fill('name')}, ${fill('description')}, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(sets)}::jsonb) AS v(id text, name text, name_hi text, description text, description_hi text)
    WHERE t.id = v.id AND (${wanted('name')} OR ${wanted('description')})`);
  await tx.execute(sql`UPDATE frame_finishes t SET ${fill('name')}, ${fill('category')}, ${fill('description')}, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(finishes)}::jsonb)
      AS v(id text, name text, name_hi text, category text, category_hi text, description text, description_hi text)
    WHERE t.id = v.id AND (${wanted('name')} OR ${wanted('category')} OR ${wanted('description')})`);
  await tx.execute(sql`UPDATE white_borders t SET ${fill('name')}, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(borders)}::jsonb) AS v(id text, name text, name_hi text)
    WHERE t.id = v.id AND ${wanted('name')}`);
}

async function seedFrameArt(database: Database, storage: Storage, log: Logger): Promise<void> {
  const { db } = database;
  const started = Date.now();
  let drawn = 0;
  const jobs = FRAME_SETS.flatMap((set) => set.finishes.map((finish) => ({ set, finish })));
  await eachLimited(jobs, 2, async ({ set, finish }) => {
    const keys = finishImageKeys(set.slug, finish.slug);
    const present = await Promise.all(FRAME_PARTS.map((part) => storage.exists(keys[part])));
    if (!present.every(Boolean)) {
      const images = await renderFinishImages(set, finish);
      for (const part of FRAME_PARTS) await storage.put(keys[part], images[part], 'image/webp');
      drawn++;
    }
    // Generated finishes follow the current drawing; finishes whose images the owner uploaded are left alone.
    await db
      .update(frameFinishes)
      .set({ images: keys, artVersion: FRAME_ART_VERSION, updatedAt: sql`now()` })
      .where(
        sql`${frameFinishes.id} = ${frameFinishId(set.slug, finish.slug)} AND ${frameFinishes.artSource} = 'generated' AND ${frameFinishes.artVersion} IS DISTINCT FROM ${FRAME_ART_VERSION}`,
      );
  });
  await eachLimited(FRAME_SETS, 2, async (set) => {
    const key = setThumbnailKey(set.slug);
    if (!(await storage.exists(key))) {
      const first = set.finishes[0];
      await storage.put(key, await renderSetThumbnail(set, first), 'image/webp');
      drawn++;
    }
    await db
      .update(frameSets)
      .set({ thumbnailKey: key })
      .where(and(eq(frameSets.id, frameSetId(set.slug)), like(frameSets.thumbnailKey, 'frames/%')));
  });
  if (drawn > 0) log.info({ drawn, ms: Date.now() - started }, 'drew frame images');
}
