import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ShopError } from '@framewala/domain';
import { FRAME_ART_VERSION, FRAME_PARTS, type FramePart } from '../../catalogue/frame-art';
import type { FrameMaterial } from '../../catalogue/frame-finishes';
import type { AppContext } from '../../context';
import { frameFinishes, frameSets, whiteBorders, type FrameImageKeys } from '../../db/schema';
import { frameFinishId } from '../catalogue/seed';
import { drawFinishImages, generatedFinishSpec, normaliseUploadedImages } from './finish-images';
import type { AdminBorder, AdminFinish, AdminFrameSet, BorderPatch, FinishPatch, FrameSetPatch } from '@framewala/domain';

/**
 * Catalogue editing for the owner (docs/decisions/022-owners-console.md). Placed orders never change: each keeps the
 * snapshot it was priced with (orders.line), and create-order reads only active rows at the prices of the moment.
 * The seed inserts only missing rows and redraws only its own generated finishes, so nothing here is overwritten on
 * restart.
 */

type FinishRow = typeof frameFinishes.$inferSelect;
type SetRow = typeof frameSets.$inferSelect;
type BorderRow = typeof whiteBorders.$inferSelect;

/** Called after every change, so cached catalogue answers (if any) are dropped. */
export type CatalogueChanged = () => void | Promise<void>;

function finishOut(ctx: AppContext, row: FinishRow): AdminFinish {
  const images = {} as AdminFinish['images'];
  for (const part of FRAME_PARTS) images[part] = ctx.storage.url(row.images[part]);
  return {
    id: row.id,
    setId: row.setId,
    name: row.name,
    description: row.description,
    category: row.category,
    nameHi: row.nameHi,
    categoryHi: row.categoryHi,
    descriptionHi: row.descriptionHi,
    material: row.material,
    active: row.active,
    artSource: row.artSource,
    thumbnailUrl: images.topLeft,
    images,
  };
}

function setOut(ctx: AppContext, row: SetRow, finishes: FinishRow[]): AdminFrameSet {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nameHi: row.nameHi,
    descriptionHi: row.descriptionHi,
    mouldingIn: row.mouldingIn,
    ratePaisePerSqIn: row.ratePaisePerSqIn,
    active: row.active,
    finishes: finishes.filter((f) => f.setId === row.id).map((f) => finishOut(ctx, f)),
  };
}

const borderOut = (b: BorderRow): AdminBorder => ({
  id: b.id,
  level: b.level,
  name: b.name,
  nameHi: b.nameHi,
  sizeName: b.sizeName,
  sizeIn: b.sizeIn,
  pricePaise: b.pricePaise,
});

/** A Hindi text as stored: '' (a cleared field) is none. */
const hindi = (value: string | null): string | null => (value === null || value.trim() === '' ? null : value);

/**
 * The new values of a text and its Hindi. The Hindi sent is kept (null clears it); an English changed without its
 * Hindi drops the stored Hindi, which translated the old text, so customers see the new English until one is written.
 */
function textChange<K extends 'name' | 'description'>(
  key: K,
  columns: { english: AnyPgColumn; hindi: AnyPgColumn },
  english: string | undefined,
  hindiText: string | null | undefined,
): Partial<Record<K, string> & Record<`${K}Hi`, string | null | SQL>> {
  const out: Record<string, string | null | SQL> = {};
  if (english !== undefined) out[key] = english;
  if (hindiText !== undefined) out[`${key}Hi`] = hindi(hindiText);
  else if (english !== undefined) out[`${key}Hi`] = sql`CASE WHEN ${columns.english} = ${english} THEN ${columns.hindi} END`;
  return out as Partial<Record<K, string> & Record<`${K}Hi`, string | null | SQL>>;
}

export async function adminCatalogue(ctx: AppContext): Promise<{ frameSets: AdminFrameSet[]; borders: AdminBorder[] }> {
  const { db } = ctx.database;
  const [sets, finishes, borders] = await Promise.all([
    db.select().from(frameSets).orderBy(asc(frameSets.sort), asc(frameSets.id)),
    db.select().from(frameFinishes).orderBy(asc(frameFinishes.sort), asc(frameFinishes.id)),
    db.select().from(whiteBorders).orderBy(asc(whiteBorders.level)),
  ]);
  return { frameSets: sets.map((s) => setOut(ctx, s, finishes)), borders: borders.map(borderOut) };
}

async function frameSetOut(ctx: AppContext, id: string): Promise<AdminFrameSet> {
  const { db } = ctx.database;
  const [set] = await db.select().from(frameSets).where(eq(frameSets.id, id)).limit(1);
  if (!set) throw new ShopError('NOT_FOUND', 'There is no frame set with this id.');
  const finishes = await db
    .select()
    .from(frameFinishes)
    .where(eq(frameFinishes.setId, id))
    .orderBy(asc(frameFinishes.sort), asc(frameFinishes.id));
  return setOut(ctx, set, finishes);
}

export async function patchFrameSet(ctx: AppContext, id: string, patch: FrameSetPatch, changed?: CatalogueChanged): Promise<AdminFrameSet> {
  const set = {
    ...textChange('name', { english: frameSets.name, hindi: frameSets.nameHi }, patch.name, patch.nameHi),
    ...textChange(
      'description',
      { english: frameSets.description, hindi: frameSets.descriptionHi },
      patch.description,
      patch.descriptionHi,
    ),
    ...(patch.ratePaisePerSqIn !== undefined ? { ratePaisePerSqIn: patch.ratePaisePerSqIn } : {}),
  };
  if (Object.keys(set).length > 0) {
    const updated = await ctx.database.db
      .update(frameSets)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(frameSets.id, id))
      .returning({ id: frameSets.id });
    if (updated.length === 0) throw new ShopError('NOT_FOUND', 'There is no frame set with this id.');
    await changed?.();
  }
  return frameSetOut(ctx, id);
}

export async function patchFinish(ctx: AppContext, id: string, patch: FinishPatch, changed?: CatalogueChanged): Promise<AdminFinish> {
  const { db } = ctx.database;
  const row = await db.transaction(async (tx) => {
    const [finish] = await tx.select().from(frameFinishes).where(eq(frameFinishes.id, id)).for('update').limit(1);
    if (!finish) throw new ShopError('NOT_FOUND', 'There is no frame finish with this id.');
    if (patch.active === false && finish.active) {
      // Serialise retirements within a set, then make sure one finish stays on sale.
      await tx.select({ id: frameSets.id }).from(frameSets).where(eq(frameSets.id, finish.setId)).for('update');
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(frameFinishes)
        .where(and(eq(frameFinishes.setId, finish.setId), eq(frameFinishes.active, true), ne(frameFinishes.id, id)));
      if (!others || others.n === 0) {
        throw new ShopError('CONFLICT', 'This is the last finish on sale in its frame set. Add another finish before retiring it.');
      }
    }
    const set = {
      ...textChange('name', { english: frameFinishes.name, hindi: frameFinishes.nameHi }, patch.name, patch.nameHi),
      ...textChange(
        'description',
        { english: frameFinishes.description, hindi: frameFinishes.descriptionHi },
        patch.description,
        patch.descriptionHi,
      ),
      ...(patch.categoryHi !== undefined ? { categoryHi: hindi(patch.categoryHi) } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
    };
    if (Object.keys(set).length === 0) return finish;
    const [updated] = await tx
      .update(frameFinishes)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(frameFinishes.id, id))
      .returning();
    return updated!;
  });
  await changed?.();
  return finishOut(ctx, row);
}

export async function patchBorder(ctx: AppContext, id: string, patch: BorderPatch, changed?: CatalogueChanged): Promise<AdminBorder> {
  const { db } = ctx.database;
  const [border] = await db.select().from(whiteBorders).where(eq(whiteBorders.id, id)).limit(1);
  if (!border) throw new ShopError('NOT_FOUND', 'There is no white border with this id.');
  if (border.level === 0 && patch.pricePaise !== undefined && patch.pricePaise !== 0) {
    throw new ShopError('RULE_BROKEN', 'No border costs nothing: its price stays ₹0.', { field: 'pricePaise' });
  }
  const set: Partial<BorderRow> = {};
  if (patch.pricePaise !== undefined) set.pricePaise = patch.pricePaise;
  if (patch.nameHi !== undefined) set.nameHi = hindi(patch.nameHi);
  if (Object.keys(set).length === 0) return borderOut(border);
  const [updated] = await db
    .update(whiteBorders)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(whiteBorders.id, id))
    .returning();
  await changed?.();
  return borderOut(updated!);
}

export type NewFinishArt =
  { kind: 'upload'; files: Record<FramePart, Buffer> } | { kind: 'generate'; preset: FrameMaterial; color: string };

export interface NewFinish {
  name: string;
  description: string;
  nameHi?: string | null | undefined;
  descriptionHi?: string | null | undefined;
  material: FrameMaterial;
  art: NewFinishArt;
}

/** The customers' filter a new finish falls under (the seeded finishes use Wood, Metallic and Black & White). */
const FINISH_CATEGORY: Record<FrameMaterial, string> = { wood: 'Wood', metal: 'Metallic', lacquer: 'Painted' };
/** The same filters in Hindi, as the seeded finishes write Wood and Metallic. */
const FINISH_CATEGORY_HI: Record<FrameMaterial, string> = { wood: 'लकड़ी', metal: 'मेटैलिक', lacquer: 'पेंटेड' };

function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return base || 'finish';
}

/**
 * Adds a finish to a set: its images are stored first under new keys (frames/custom/…), then the row is inserted,
 * so a failure leaves no row without its images. The slug carries a random tail: it never meets a seeded slug.
 */
export async function addFinish(ctx: AppContext, setId: string, input: NewFinish, changed?: CatalogueChanged): Promise<AdminFinish> {
  const { db } = ctx.database;
  const [set] = await db.select().from(frameSets).where(eq(frameSets.id, setId)).limit(1);
  if (!set) throw new ShopError('NOT_FOUND', 'There is no frame set with this id.');
  const slug = `${slugify(input.name)}-${randomBytes(3).toString('hex')}`;
  const id = frameFinishId(set.slug, slug);
  const images =
    input.art.kind === 'upload'
      ? await normaliseUploadedImages(input.art.files, set.mouldingIn)
      : await drawFinishImages(set, generatedFinishSpec(slug, input.name, input.description, input.art.preset, input.art.color));
  const keys = {} as FrameImageKeys;
  const stamp = randomBytes(4).toString('hex');
  for (const part of FRAME_PARTS)
    keys[part] = `frames/custom/${set.slug}/${slug}/${part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${stamp}.webp`;
  await Promise.all(FRAME_PARTS.map((part) => ctx.storage.put(keys[part], images[part], 'image/webp')));
  const [row] = await db
    .insert(frameFinishes)
    .values({
      id,
      setId: set.id,
      slug,
      name: input.name,
      category: FINISH_CATEGORY[input.material],
      description: input.description,
      nameHi: hindi(input.nameHi ?? null),
      categoryHi: FINISH_CATEGORY_HI[input.material],
      descriptionHi: hindi(input.descriptionHi ?? null),
      material: input.material,
      images: keys,
      artSource: input.art.kind === 'upload' ? 'uploaded' : 'generated',
      artVersion: input.art.kind === 'upload' ? null : FRAME_ART_VERSION,
      sort: sql<number>`(SELECT coalesce(max(${frameFinishes.sort}), -1) + 1 FROM ${frameFinishes} WHERE ${frameFinishes.setId} = ${set.id})`,
    })
    .returning();
  await changed?.();
  return finishOut(ctx, row!);
}
