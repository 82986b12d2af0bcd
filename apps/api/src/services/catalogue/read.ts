import { asc, eq } from 'drizzle-orm';
import { paiseToRupees, sizeGroupsFor, type ImageType, type PresetSize, type SizeFormat } from '@framewala/domain';
import type { Db } from '../../db/client';
import { frameFinishes, frameSets, presetSizes, whiteBorders } from '../../db/schema';
import type { Storage } from '../storage';

/** The catalogue in the HTTP contract's shapes. Reads only active rows; prices go out in rupees. */
export async function listFrameSets(db: Db, storage: Storage) {
  const [sets, finishes] = await Promise.all([
    db.select().from(frameSets).where(eq(frameSets.active, true)).orderBy(asc(frameSets.sort)),
    db.select().from(frameFinishes).where(eq(frameFinishes.active, true)).orderBy(asc(frameFinishes.sort)),
  ]);
  return sets.map((set) => ({
    _id: set.id,
    frameName: set.name,
    frameNameHi: set.nameHi,
    sizeInInches: set.mouldingIn,
    framePrice: paiseToRupees(set.ratePaisePerSqIn),
    thumbnailUrl: set.thumbnailKey ? storage.url(set.thumbnailKey) : null,
    label: set.label,
    padding: set.paddingIn,
    frames: finishes
      .filter((f) => f.setId === set.id)
      .map((f) => ({
        _id: f.id,
        frameName: f.name,
        frameCategory: f.category,
        frameDescription: f.description,
        frameNameHi: f.nameHi,
        frameCategoryHi: f.categoryHi,
        frameDescriptionHi: f.descriptionHi,
        sideUp: storage.url(f.images.sideUp),
        sideDown: storage.url(f.images.sideDown),
        sideLeft: storage.url(f.images.sideLeft),
        sideRight: storage.url(f.images.sideRight),
        topLeft: storage.url(f.images.topLeft),
        topRight: storage.url(f.images.topRight),
        bottomLeft: storage.url(f.images.bottomLeft),
        bottomRight: storage.url(f.images.bottomRight),
      })),
  }));
}

/** Preset sizes grouped by format, oriented for the photo (a portrait photo is offered portrait sizes). */
export async function listSizeGroups(db: Db, imageType: ImageType) {
  const rows = await db.select().from(presetSizes).where(eq(presetSizes.active, true)).orderBy(asc(presetSizes.sort));
  const catalogue: PresetSize[] = rows.map((row) => ({
    id: row.id,
    format: row.format as SizeFormat,
    width: row.widthIn,
    height: row.heightIn,
    sort: row.sort,
    ...(row.label ? { label: row.label } : {}),
  }));
  return sizeGroupsFor(imageType, catalogue).map((group) => ({
    _id: group.id,
    format: group.format,
    sizes: group.sizes.map((s) => ({ _id: s.id, sizeName: s.sizeName, width: s.width, height: s.height, price: s.price })),
  }));
}

export async function listWhiteBorders(db: Db) {
  const rows = await db.select().from(whiteBorders).orderBy(asc(whiteBorders.level));
  return rows.map((b) => ({
    _id: b.id,
    name: b.name,
    nameHi: b.nameHi,
    sizeName: b.sizeName,
    size: b.sizeIn,
    price: paiseToRupees(b.pricePaise),
  }));
}
