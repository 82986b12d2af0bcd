import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Preset print sizes in canonical form (width ≥ height); the domain orients them for a photo. */
export const presetSizes = pgTable('preset_sizes', {
  id: text('id').primaryKey(),
  format: text('format').notNull(),
  label: text('label'),
  widthIn: doublePrecision('width_in').notNull(),
  heightIn: doublePrecision('height_in').notNull(),
  sort: integer('sort').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** A frame set: one moulding profile and face width, priced per square inch of print. */
export const frameSets = pgTable('frame_sets', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The Hindi beside the English (null: none written, customers see the English); the seed writes its own rows'. */
  nameHi: text('name_hi'),
  mouldingIn: doublePrecision('moulding_in').notNull(),
  ratePaisePerSqIn: integer('rate_paise_per_sq_in').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  descriptionHi: text('description_hi'),
  label: text('label').notNull(),
  paddingIn: doublePrecision('padding_in').notNull().default(0),
  thumbnailKey: text('thumbnail_key'),
  sort: integer('sort').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export type FrameImageKeys = Record<
  'sideUp' | 'sideDown' | 'sideLeft' | 'sideRight' | 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight',
  string
>;

/** A finish of a frame set (black, oak, gold…), drawn from eight images: four sides and four mitred corners. */
export const frameFinishes = pgTable(
  'frame_finishes',
  {
    id: text('id').primaryKey(),
    setId: text('set_id')
      .notNull()
      .references(() => frameSets.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    /** The Hindi beside the English (null: none written, customers see the English). */
    nameHi: text('name_hi'),
    categoryHi: text('category_hi'),
    descriptionHi: text('description_hi'),
    material: text('material').notNull(),
    images: jsonb('images').$type<FrameImageKeys>().notNull(),
    /** 'generated' images are redrawn when the drawing code changes; 'uploaded' ones are the owner's. */
    artSource: text('art_source').notNull().default('generated'),
    artVersion: text('art_version'),
    sort: integer('sort').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('frame_finishes_set_slug').on(t.setId, t.slug)],
);

/** The seven white-border (mat) levels, 0 = none. */
export const whiteBorders = pgTable('white_borders', {
  id: text('id').primaryKey(),
  level: integer('level').notNull().unique(),
  sizeIn: doublePrecision('size_in').notNull(),
  name: text('name').notNull(),
  nameHi: text('name_hi'),
  sizeName: text('size_name').notNull(),
  pricePaise: integer('price_paise').notNull(),
  ...timestamps,
});
