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

/**
 * The Hindi the seed writes beside a seeded row's English (frame_finishes.name_hi…), as shops write it
 * (docs/hindi-glossary.md): colour and wood names customers know in English stay loanwords in Devanagari, Indian
 * woods take their Hindi names, and descriptions are ordinary Hindi sentences.
 */
export interface FinishHindi {
  nameHi: string;
  categoryHi: string;
  descriptionHi: string;
}

export interface FrameSetHindi {
  nameHi: string;
  descriptionHi: string;
}

/** A finish of the default catalogue: drawn from its spec, with its Hindi texts. */
export type SeededFinishSpec = FinishSpec & FinishHindi;

/** A frame set of the default catalogue, with its Hindi texts and its finishes'. */
export interface SeededFrameSetSpec extends Omit<FrameSetSpec, 'finishes'>, FrameSetHindi {
  finishes: readonly SeededFinishSpec[];
}

// ── Finishes (shared by several sets; each set draws them with its own profile) ─────────────────────────────

const matteBlack: SeededFinishSpec = {
  slug: 'matte-black',
  name: 'Matte Black',
  category: 'Black & White',
  description: 'A deep satin black that frames anything without competing with it.',
  nameHi: 'मैट ब्लैक',
  categoryHi: 'ब्लैक और व्हाइट',
  descriptionHi: 'गहरा साटन काला रंग, जो हर तस्वीर पर जँचता है और उस पर हावी नहीं होता।',
  material: 'lacquer',
  colors: { base: '#1c1c1e', light: '#d8dce2', dark: '#060607' },
  gloss: 0.3,
};

const galleryWhite: SeededFinishSpec = {
  slug: 'gallery-white',
  name: 'Gallery White',
  category: 'Black & White',
  description: 'A soft, warm white lacquer, the clean look of a gallery wall.',
  nameHi: 'गैलरी व्हाइट',
  categoryHi: 'ब्लैक और व्हाइट',
  descriptionHi: 'हल्का, गरमाहट भरा सफ़ेद लैकर — गैलरी की दीवार जैसा साफ़-सुथरा रूप।',
  material: 'lacquer',
  colors: { base: '#efece5', light: '#ffffff', dark: '#b9b3a7' },
  gloss: 0.35,
};

const ebonyGloss: SeededFinishSpec = {
  slug: 'ebony-gloss',
  name: 'Ebony Gloss',
  category: 'Black & White',
  description: 'Piano-black high-gloss lacquer that catches every curve of the moulding.',
  nameHi: 'एबनी ग्लॉस',
  categoryHi: 'ब्लैक और व्हाइट',
  descriptionHi: 'पियानो जैसा काला, तेज़ चमक वाला लैकर, जो मोल्डिंग के हर घुमाव पर चमकता है।',
  material: 'lacquer',
  colors: { base: '#121113', light: '#f2f4f8', dark: '#030303' },
  gloss: 0.9,
};

const naturalOak: SeededFinishSpec = {
  slug: 'natural-oak',
  name: 'Natural Oak',
  category: 'Wood',
  description: 'Light honey oak with open grain, finished in a clear satin oil.',
  nameHi: 'नेचुरल ओक',
  categoryHi: 'लकड़ी',
  descriptionHi: 'शहद जैसे हल्के रंग की ओक लकड़ी, खुले रेशों वाली, साफ़ साटन तेल से फ़िनिश की हुई।',
  material: 'wood',
  colors: { base: '#c49a63', light: '#e2c393', dark: '#8c6436' },
  gloss: 0.3,
  texture: { ringPx: 24, figure: 0.55, wave: 0.9, pores: 0.8 },
};

const walnut: SeededFinishSpec = {
  slug: 'walnut',
  name: 'Walnut',
  category: 'Wood',
  description: 'Rich chocolate-brown walnut with a flowing, wavy grain.',
  nameHi: 'वॉलनट',
  categoryHi: 'लकड़ी',
  descriptionHi: 'गहरे चॉकलेटी भूरे रंग की वॉलनट लकड़ी, बहते-लहराते रेशों के साथ।',
  material: 'wood',
  colors: { base: '#5e3d27', light: '#80573a', dark: '#2b1a10' },
  gloss: 0.35,
  texture: { ringPx: 18, figure: 0.65, wave: 1.5, pores: 0.35 },
};

const teak: SeededFinishSpec = {
  slug: 'teak',
  name: 'Teak',
  category: 'Wood',
  description: 'Golden Indian teak with dark streaks and a warm oiled sheen.',
  nameHi: 'सागौन',
  categoryHi: 'लकड़ी',
  descriptionHi: 'सुनहरी भारतीय सागौन लकड़ी, गहरी धारियों और तेल की गरम चमक के साथ।',
  material: 'wood',
  colors: { base: '#9c6633', light: '#c08a4f', dark: '#5a3617' },
  gloss: 0.45,
  texture: { ringPx: 16, figure: 0.7, wave: 0.7, pores: 0.25 },
};

const rosewood: SeededFinishSpec = {
  slug: 'rosewood',
  name: 'Rosewood',
  category: 'Wood',
  description: 'Deep red-brown rosewood with near-black streaks, hand-polished.',
  nameHi: 'शीशम',
  categoryHi: 'लकड़ी',
  descriptionHi: 'गहरे लाल-भूरे रंग की शीशम लकड़ी, लगभग काली धारियों वाली, हाथ से पॉलिश की हुई।',
  material: 'wood',
  colors: { base: '#5c2619', light: '#7e3a26', dark: '#220a06' },
  gloss: 0.5,
  texture: { ringPx: 12, figure: 0.8, wave: 1.2, pores: 0.2 },
};

const brushedSilver: SeededFinishSpec = {
  slug: 'brushed-silver',
  name: 'Brushed Silver',
  category: 'Metallic',
  description: 'Brushed aluminium-look silver with crisp highlights along the moulding.',
  nameHi: 'ब्रश्ड सिल्वर',
  categoryHi: 'मेटैलिक',
  descriptionHi: 'ब्रश किए एल्युमिनियम जैसा सिल्वर, मोल्डिंग पर साफ़ चमकती धारियों के साथ।',
  material: 'metal',
  colors: { base: '#a7abb1', light: '#f7f9fc', dark: '#4c5056' },
  gloss: 0.8,
  texture: { brush: 0.7 },
};

const champagneGold: SeededFinishSpec = {
  slug: 'champagne-gold',
  name: 'Champagne Gold',
  category: 'Metallic',
  description: 'A soft brushed gold, warm but understated.',
  nameHi: 'शैम्पेन गोल्ड',
  categoryHi: 'मेटैलिक',
  descriptionHi: 'हल्का, ब्रश किया हुआ सुनहरा रंग — गरमाहट भरा, पर सादा।',
  material: 'metal',
  colors: { base: '#c2a672', light: '#fbf0d2', dark: '#6c5a38' },
  gloss: 0.75,
  texture: { brush: 0.6 },
};

const antiqueGold: SeededFinishSpec = {
  slug: 'antique-gold',
  name: 'Antique Gold',
  category: 'Metallic',
  description: 'Burnished gold leaf with a darkened patina in the recesses, for a heirloom look.',
  nameHi: 'एंटीक गोल्ड',
  categoryHi: 'मेटैलिक',
  descriptionHi: 'चमकाया हुआ सोने का वर्क, गहराइयों में हल्की कालिमा के साथ — पुश्तैनी चीज़ जैसा रूप।',
  material: 'metal',
  colors: { base: '#c79b45', light: '#ffe9a8', dark: '#5a4016', accent: '#4a3312' },
  gloss: 0.7,
  texture: { brush: 0.25, patina: 0.7 },
};

const antiqueSilver: SeededFinishSpec = {
  slug: 'antique-silver',
  name: 'Antique Silver',
  category: 'Metallic',
  description: 'Aged silver leaf, bright on the high points and smoky in the carving.',
  nameHi: 'एंटीक सिल्वर',
  categoryHi: 'मेटैलिक',
  descriptionHi: 'पुराना चाँदी का वर्क, उभारों पर चमकदार और नक्काशी में धुँधला।',
  material: 'metal',
  colors: { base: '#9c9a94', light: '#f4f2ec', dark: '#4a4842', accent: '#2c2a26' },
  gloss: 0.7,
  texture: { brush: 0.25, patina: 0.65 },
};

// ── Sets ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const FRAME_SETS: readonly SeededFrameSetSpec[] = [
  {
    slug: 'slim-edge',
    name: 'Slim Edge',
    nameHi: 'स्लिम एज',
    mouldingIn: 0.8,
    ratePaisePerSqIn: 450,
    category: 'Slim',
    description: 'A slender flat moulding with a fine lip at the picture edge; modern and light on the wall.',
    descriptionHi: 'पतली, सपाट मोल्डिंग, फ़ोटो के किनारे पर बारीक उभार के साथ; दीवार पर आधुनिक और हल्की दिखती है।',
    profile: 'flat-lip',
    finishes: [matteBlack, galleryWhite, naturalOak, brushedSilver, champagneGold],
  },
  {
    slug: 'classic',
    name: 'Classic',
    nameHi: 'क्लासिक',
    mouldingIn: 1,
    ratePaisePerSqIn: 550,
    category: 'Standard',
    description: 'Our everyday frame: a softly rounded 1-inch moulding that suits photos, prints and certificates.',
    descriptionHi: 'हमारा रोज़ का फ़्रेम: हल्की गोलाई वाली 1 इंच की मोल्डिंग, जो फ़ोटो, प्रिंट और सर्टिफ़िकेट सब पर जँचती है।',
    profile: 'rounded',
    finishes: [walnut, matteBlack, galleryWhite, naturalOak, teak],
  },
  {
    slug: 'gallery',
    name: 'Gallery',
    nameHi: 'गैलरी',
    mouldingIn: 1.5,
    ratePaisePerSqIn: 700,
    category: 'Wide',
    description: 'A stepped 1.5-inch moulding that draws the eye in to the picture, as in a gallery.',
    descriptionHi: 'सीढ़ीनुमा 1.5 इंच की मोल्डिंग, जो गैलरी की तरह नज़र को तस्वीर की ओर खींचती है।',
    profile: 'stepped',
    finishes: [galleryWhite, matteBlack, naturalOak, walnut, brushedSilver],
  },
  {
    slug: 'heritage',
    name: 'Heritage',
    nameHi: 'हेरिटेज',
    mouldingIn: 2,
    ratePaisePerSqIn: 900,
    category: 'Traditional',
    description: 'A 2-inch scoop moulding with a rolled outer edge and an inner bead, for portraits and family photos.',
    descriptionHi: '2 इंच की गहरी (स्कूप) मोल्डिंग, गोल बाहरी किनारे और अंदर बारीक मनकों की लड़ी के साथ — पोर्ट्रेट और परिवार की फ़ोटो के लिए।',
    profile: 'scoop',
    finishes: [teak, walnut, rosewood, antiqueGold, matteBlack],
  },
  {
    slug: 'grand-museum',
    name: 'Grand Museum',
    nameHi: 'ग्रैंड म्यूज़ियम',
    mouldingIn: 3,
    ratePaisePerSqIn: 1200,
    category: 'Ornate',
    description: 'A grand 3-inch ornate moulding with a rope twist and a row of pearls, made for paintings and heirlooms.',
    descriptionHi: '3 इंच की शाही नक्काशीदार मोल्डिंग, रस्सी जैसी बटी डिज़ाइन और मोतियों की कतार के साथ — पेंटिंग और पुश्तैनी धरोहरों के लिए।',
    profile: 'ornate',
    finishes: [antiqueGold, antiqueSilver, rosewood, walnut, ebonyGloss],
  },
];
