/**
 * The default frame catalogue: five frame sets (one per moulding face width) and their finishes.
 *
 * This is data only. `frame-art.ts` draws every (set, finish) pair procedurally from it: the set's `profile`
 * decides the cross-section (and so the light and shade across the moulding face), the finish's `material`
 * decides the surface (wood grain, brushed metal or lacquer) and `colors` its palette. Colours are sRGB hex.
 */

import type { FinishMaterial } from '@framewala/domain';

export type FrameMaterial = FinishMaterial;

/**
 * Cross-section of the moulding, outer (wall) edge to inner (picture) edge:
 * - `flat-lip`: a flat face with a rounded outer edge and a thin raised lip at the sight edge;
 * - `rounded`: a bull-nose, highest a little outside the middle;
 * - `stepped`: three terraces stepping down towards the picture;
 * - `scoop`: an outer roll, a concave cove and an inner bead;
 * - `ornate`: an outer torus, a rope twist, a cove, a row of pearls and an ogee down to the sight edge.
 */
export type FrameProfileKind = 'flat-lip' | 'rounded' | 'stepped' | 'scoop' | 'ornate';

export interface FinishColors {
  /** The main body colour. */
  base: string;
  /** Wood: early-wood / light streaks. Metal: the specular highlight colour. Lacquer: the gloss highlight tint. */
  light: string;
  /** Wood: late-wood / grain lines. Metal and lacquer: the colour in shadowed recesses. */
  dark: string;
  /** Optional patina (antiqued metals: the dark wash left in the recesses). */
  accent?: string;
}

/** Optional drawing knobs; every one has a sensible default per material. */
export interface FinishTexture {
  /** Wood: average spacing of the growth rings in pixels at PX_PER_INCH (default 20). */
  ringPx?: number;
  /** Wood: contrast of the late-wood grain lines, 0..1 (default 0.6). */
  figure?: number;
  /** Wood: how much the grain lines wander along the rail, 0..2 (default 1). */
  wave?: number;
  /** Wood: visible pores (oak), 0..1 (default 0). */
  pores?: number;
  /** Metal: strength of the brushed streaks, 0..1 (default 0.5). */
  brush?: number;
  /** Metal: antique patina in the recesses and mottling, 0..1 (default 0). */
  patina?: number;
}

export interface FinishSpec {
  slug: string;
  name: string;
  /** Shown to customers as a filter; falls back to the set's category. */
  category?: string;
  description: string;
  material: FrameMaterial;
  colors: FinishColors;
  /** 0 (dead matte) .. 1 (high gloss). Default: wood 0.35, metal 0.8, lacquer 0.4. */
  gloss?: number;
  texture?: FinishTexture;
}

export interface FrameSetSpec {
  slug: string;
  name: string;
  /** Moulding face width in inches. */
  mouldingIn: number;
  /** Price in paise per square inch of print (integer). */
  ratePaisePerSqIn: number;
  category: string;
  description: string;
  profile: FrameProfileKind;
  /** At least four; the first is the set's default (and its thumbnail). */
  finishes: readonly FinishSpec[];
}

// ── Finishes (shared by several sets; each set draws them with its own profile) ─────────────────────────────

const matteBlack: FinishSpec = {
  slug: 'matte-black',
  name: 'Matte Black',
  category: 'Black & White',
  description: 'A deep satin black that frames anything without competing with it.',
  material: 'lacquer',
  colors: { base: '#1c1c1e', light: '#d8dce2', dark: '#060607' },
  gloss: 0.3,
};

const galleryWhite: FinishSpec = {
  slug: 'gallery-white',
  name: 'Gallery White',
  category: 'Black & White',
  description: 'A soft, warm white lacquer, the clean look of a gallery wall.',
  material: 'lacquer',
  colors: { base: '#efece5', light: '#ffffff', dark: '#b9b3a7' },
  gloss: 0.35,
};

const ebonyGloss: FinishSpec = {
  slug: 'ebony-gloss',
  name: 'Ebony Gloss',
  category: 'Black & White',
  description: 'Piano-black high-gloss lacquer that catches every curve of the moulding.',
  material: 'lacquer',
  colors: { base: '#121113', light: '#f2f4f8', dark: '#030303' },
  gloss: 0.9,
};

const naturalOak: FinishSpec = {
  slug: 'natural-oak',
  name: 'Natural Oak',
  category: 'Wood',
  description: 'Light honey oak with open grain, finished in a clear satin oil.',
  material: 'wood',
  colors: { base: '#c49a63', light: '#e2c393', dark: '#8c6436' },
  gloss: 0.3,
  texture: { ringPx: 24, figure: 0.55, wave: 0.9, pores: 0.8 },
};

const walnut: FinishSpec = {
  slug: 'walnut',
  name: 'Walnut',
  category: 'Wood',
  description: 'Rich chocolate-brown walnut with a flowing, wavy grain.',
  material: 'wood',
  colors: { base: '#5e3d27', light: '#80573a', dark: '#2b1a10' },
  gloss: 0.35,
  texture: { ringPx: 18, figure: 0.65, wave: 1.5, pores: 0.35 },
};

const teak: FinishSpec = {
  slug: 'teak',
  name: 'Teak',
  category: 'Wood',
  description: 'Golden Indian teak with dark streaks and a warm oiled sheen.',
  material: 'wood',
  colors: { base: '#9c6633', light: '#c08a4f', dark: '#5a3617' },
  gloss: 0.45,
  texture: { ringPx: 16, figure: 0.7, wave: 0.7, pores: 0.25 },
};

const rosewood: FinishSpec = {
  slug: 'rosewood',
  name: 'Rosewood',
  category: 'Wood',
  description: 'Deep red-brown rosewood with near-black streaks, hand-polished.',
  material: 'wood',
  colors: { base: '#5c2619', light: '#7e3a26', dark: '#220a06' },
  gloss: 0.5,
  texture: { ringPx: 12, figure: 0.8, wave: 1.2, pores: 0.2 },
};

const brushedSilver: FinishSpec = {
  slug: 'brushed-silver',
  name: 'Brushed Silver',
  category: 'Metallic',
  description: 'Brushed aluminium-look silver with crisp highlights along the moulding.',
  material: 'metal',
  colors: { base: '#a7abb1', light: '#f7f9fc', dark: '#4c5056' },
  gloss: 0.8,
  texture: { brush: 0.7 },
};

const champagneGold: FinishSpec = {
  slug: 'champagne-gold',
  name: 'Champagne Gold',
  category: 'Metallic',
  description: 'A soft brushed gold, warm but understated.',
  material: 'metal',
  colors: { base: '#c2a672', light: '#fbf0d2', dark: '#6c5a38' },
  gloss: 0.75,
  texture: { brush: 0.6 },
};

const antiqueGold: FinishSpec = {
  slug: 'antique-gold',
  name: 'Antique Gold',
  category: 'Metallic',
  description: 'Burnished gold leaf with a darkened patina in the recesses, for a heirloom look.',
  material: 'metal',
  colors: { base: '#c79b45', light: '#ffe9a8', dark: '#5a4016', accent: '#4a3312' },
  gloss: 0.7,
  texture: { brush: 0.25, patina: 0.7 },
};

const antiqueSilver: FinishSpec = {
  slug: 'antique-silver',
  name: 'Antique Silver',
  category: 'Metallic',
  description: 'Aged silver leaf, bright on the high points and smoky in the carving.',
  material: 'metal',
  colors: { base: '#9c9a94', light: '#f4f2ec', dark: '#4a4842', accent: '#2c2a26' },
  gloss: 0.7,
  texture: { brush: 0.25, patina: 0.65 },
};

// ── Sets ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const FRAME_SETS: readonly FrameSetSpec[] = [
  {
    slug: 'slim-edge',
    name: 'Slim Edge',
    mouldingIn: 0.8,
    ratePaisePerSqIn: 450,
    category: 'Slim',
    description: 'A slender flat moulding with a fine lip at the picture edge; modern and light on the wall.',
    profile: 'flat-lip',
    finishes: [matteBlack, galleryWhite, naturalOak, brushedSilver, champagneGold],
  },
  {
    slug: 'classic',
    name: 'Classic',
    mouldingIn: 1,
    ratePaisePerSqIn: 550,
    category: 'Standard',
    description: 'Our everyday frame: a softly rounded 1-inch moulding that suits photos, prints and certificates.',
    profile: 'rounded',
    finishes: [walnut, matteBlack, galleryWhite, naturalOak, teak],
  },
  {
    slug: 'gallery',
    name: 'Gallery',
    mouldingIn: 1.5,
    ratePaisePerSqIn: 700,
    category: 'Wide',
    description: 'A stepped 1.5-inch moulding that draws the eye in to the picture, as in a gallery.',
    profile: 'stepped',
    finishes: [galleryWhite, matteBlack, naturalOak, walnut, brushedSilver],
  },
  {
    slug: 'heritage',
    name: 'Heritage',
    mouldingIn: 2,
    ratePaisePerSqIn: 900,
    category: 'Traditional',
    description: 'A 2-inch scoop moulding with a rolled outer edge and an inner bead, for portraits and family photos.',
    profile: 'scoop',
    finishes: [teak, walnut, rosewood, antiqueGold, matteBlack],
  },
  {
    slug: 'grand-museum',
    name: 'Grand Museum',
    mouldingIn: 3,
    ratePaisePerSqIn: 1200,
    category: 'Ornate',
    description: 'A grand 3-inch ornate moulding with a rope twist and a row of pearls, made for paintings and heirlooms.',
    profile: 'ornate',
    finishes: [antiqueGold, antiqueSilver, rosewood, walnut, ebonyGloss],
  },
];
