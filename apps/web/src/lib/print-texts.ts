/**
 * The domain's print and photo texts in the page's language: sizes ('12x8 in', in Hindi '12 × 8 इंच'), the framed
 * outer size, print-quality verdicts, the shrunk-copy notice, custom-size messages and the default border names (the
 * fallback where the catalogue sends no Hindi name, see `borderNameText`). The domain keeps its English (the API and
 * the tests read it); each map below is keyed by the domain's own constant, so a text changed there fails typecheck
 * here until its translation follows.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import {
  CUSTOM_SIZE_MESSAGES,
  LOW_QUALITY_WARNING,
  type PRINT_RATING_NAMES,
  SHRUNK_COPY_NOTICE,
  formatMeasure,
  type CustomSizeMessage,
  type DefaultWhiteBorderName,
  type FormerWhiteBorderName,
  type OuterSize,
  type PrintQuality,
  type PrintRating,
  type SizeFormat,
} from '@framewala/domain';
import { activeLocale, i18n } from './i18n';

/** Notices the domain writes once and the shop shows as they are. */
export const NOTICE_TEXTS: Record<typeof SHRUNK_COPY_NOTICE | typeof LOW_QUALITY_WARNING, MessageDescriptor> = {
  [SHRUNK_COPY_NOTICE]: msg`This looks like a copy sent over WhatsApp. If you have the original, send it as a Document for a sharper print — or let us sharpen this one (below).`,
  [LOW_QUALITY_WARNING]: msg`May look soft from close up. Choose a smaller size, or sharpen the photo.`,
};

/** The notice that a photo looks like a messaging app's shrunk copy. */
export function shrunkCopyText(): string {
  return i18n._(NOTICE_TEXTS[SHRUNK_COPY_NOTICE]);
}

export const PRINT_RATING_TEXTS: Record<keyof typeof PRINT_RATING_NAMES, MessageDescriptor> = {
  excellent: msg`Excellent`,
  good: msg`Good`,
  low: msg`Low`,
};

/** 'Excellent · 300 ppi', or for AI-sharpened pixels 'Good · AI-sharpened', as the domain's `label`, in the page's language. */
export function qualityLabel(quality: Pick<PrintQuality, 'rating' | 'ppi'> & { aiUpscale?: number }): string {
  const rating = i18n._(PRINT_RATING_TEXTS[quality.rating satisfies PrintRating]);
  if ((quality.aiUpscale ?? 1) > 1) return i18n._(msg`${rating} · AI-sharpened`);
  const ppi = quality.ppi;
  return i18n._(msg`${rating} · ${ppi} ppi`);
}

const QUALITY_DISTANCE_NOTE = msg`Bigger prints are seen from further away, so they need fewer ppi: the same ppi can be Low on a small print and Good on a large one.`;

/** One line beside the verdicts: why the same ppi is rated differently by size (viewing distance). */
export function qualityDistanceText(): string {
  return i18n._(QUALITY_DISTANCE_NOTE);
}

/** The advice shown with a Low verdict, or null. */
export function qualityWarning(quality: Pick<PrintQuality, 'warning'>): string | null {
  return quality.warning ? i18n._(NOTICE_TEXTS[quality.warning]) : null;
}

/**
 * A size name with its unit: '12x8 in', 'A4 11.7x8.3 in'. Hindi writes the sizes the way shops do, '12 × 8 इंच'.
 */
export function sizeNameText(name: string): string {
  const size = spacedSize(name);
  return i18n._(msg`${size} in`);
}

/** A size as the catalogue or the customer writes it ('12x8', '10 X 16'): as it is in English, '12 × 8' otherwise. */
function spacedSize(name: string): string {
  return activeLocale() === 'en' ? name : name.replace(/(\d)\s*[xX×]\s*(\d)/g, '$1 × $2');
}

/** A size name or a length in inches: '12x8 in', '0.8 in' (a number is written with the domain's `formatMeasure`). */
export function inchesOf(value: string | number): string {
  const size = typeof value === 'number' ? formatMeasure(value) : spacedSize(value);
  return i18n._(msg`${size} in`);
}

/** A print size the customer typed themselves: '10 X 16 in (custom)'. */
export function customInchesText(name: string): string {
  const size = spacedSize(name);
  return i18n._(msg`${size} in (custom)`);
}

/**
 * A line's print size, width × height as the customer chose it ('12x8 in', a portrait custom '11x14 in (custom)'):
 * the name the domain gives a size (`customSizeName` and the presets are width first), never rebuilt from its sides.
 */
export function lineSizeText(name: string, custom: boolean): string {
  return custom ? customInchesText(name) : inchesOf(name);
}

/** '1 framed photo', '3 framed photos'. */
export function framedPhotosText(count: number): string {
  return i18n._(msg`${plural(count, { one: '# framed photo', other: '# framed photos' })}`);
}

/** The size table's format groups: the named ones translated, the ratios ('3:2') as they are (null). */
export const SIZE_FORMAT_TEXTS: Record<SizeFormat, MessageDescriptor | null> = {
  '3:2': null,
  '4:3': null,
  Square: msg`Square`,
  Classic: msg`Classic`,
  'DIN/ISO': null,
  '16:9': null,
};

/** A format group's name ('Square', '3:2') in the page's language; a format the shop does not know shown as written. */
export function sizeFormatText(format: string): string {
  const text = Object.hasOwn(SIZE_FORMAT_TEXTS, format) ? SIZE_FORMAT_TEXTS[format as SizeFormat] : null;
  return text ? i18n._(text) : format;
}

/** Width × height in inches: '12 × 8 in'. */
export function inchesText(widthIn: number, heightIn: number): string {
  const width = formatMeasure(widthIn);
  const height = formatMeasure(heightIn);
  return i18n._(msg`${width} × ${height} in`);
}

/** The framed piece's outer size, as the domain's `formatOuterSize`: '14.6 × 10.6 in (37.1 × 26.9 cm)'. */
export function outerSizeText(size: OuterSize): string {
  const width = formatMeasure(size.widthIn, 2);
  const height = formatMeasure(size.heightIn, 2);
  const widthCm = formatMeasure(size.widthCm, 1);
  const heightCm = formatMeasure(size.heightCm, 1);
  return i18n._(msg`${width} × ${height} in (${widthCm} × ${heightCm} cm)`);
}

export const CUSTOM_SIZE_TEXTS: Record<CustomSizeMessage, MessageDescriptor> = {
  [CUSTOM_SIZE_MESSAGES.Width.missing]: msg`Enter a width in inches`,
  [CUSTOM_SIZE_MESSAGES.Width.notANumber]: msg`Width must be a number of inches`,
  [CUSTOM_SIZE_MESSAGES.Width.tooSmall]: msg`Width must be at least 4 in`,
  [CUSTOM_SIZE_MESSAGES.Width.tooLarge]: msg`Width can be at most 40 in`,
  [CUSTOM_SIZE_MESSAGES.Height.missing]: msg`Enter a height in inches`,
  [CUSTOM_SIZE_MESSAGES.Height.notANumber]: msg`Height must be a number of inches`,
  [CUSTOM_SIZE_MESSAGES.Height.tooSmall]: msg`Height must be at least 4 in`,
  [CUSTOM_SIZE_MESSAGES.Height.tooLarge]: msg`Height can be at most 40 in`,
};

/** A custom size's message ('Width must be at least 4 in') in the page's language. */
export function customSizeErrorText(message: CustomSizeMessage): string {
  return i18n._(CUSTOM_SIZE_TEXTS[message]);
}

/** The default border names, and the former ones that orders placed before still record. */
export const BORDER_NAME_TEXTS: Record<DefaultWhiteBorderName | FormerWhiteBorderName, MessageDescriptor> = {
  'No border': msg`No border`,
  Hairline: msg`Hairline`,
  Narrow: msg`Narrow`,
  Medium: msg`Medium`,
  Wide: msg`Wide`,
  'Extra wide': msg`Extra wide`,
  Widest: msg`Widest`,
  Slim: msg`Slim`,
  Classic: msg`Classic`,
  Gallery: msg`Gallery`,
  Museum: msg`Museum`,
};

const isDefaultBorderName = (name: string): name is DefaultWhiteBorderName | FormerWhiteBorderName =>
  Object.hasOwn(BORDER_NAME_TEXTS, name);

/**
 * A white border's name in the page's language: the Hindi the shop keeps with it (`nameHi`) where there is one;
 * else, for the seven default names, this module's translation (an order placed before the shop kept Hindi names, an
 * answer without them); else the name as the owner wrote it.
 */
export function borderNameText(name: string, nameHi?: string | null): string {
  if (activeLocale() === 'hi' && nameHi) return nameHi;
  return isDefaultBorderName(name) ? i18n._(BORDER_NAME_TEXTS[name]) : name;
}

/** A white border's width as the catalogue writes it ('0.4 in (1 cm)'), with the units in the page's language. */
export function borderWidthText(sizeName: string): string {
  const match = /^(\d+(?:\.\d+)?) in \((\d+(?:\.\d+)?) cm\)$/.exec(sizeName.trim());
  if (!match) return sizeName;
  const [, inches = '', cm = ''] = match;
  return i18n._(msg`${inches} in (${cm} cm)`);
}
