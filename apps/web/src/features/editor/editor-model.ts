/**
 * The editor's state changes and what follows from the state, as plain functions over the stored order
 * (`OrderDraft`) and the catalogue. The components call these; the tests drive them directly too. What the choices
 * amount to (size, frame, border, price) is shared with the cart and the checkout: lib/order-draft/draft-choices.ts.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  MAX_QUANTITY,
  MIN_QUANTITY,
  WHITE_BORDER_LEVELS,
  centeredCrop,
  cropFitsSize,
  editorBack,
  editorNext,
  printQuality,
  UPSCALE_MAX_LONG_SIDE,
  UPSCALE_MAX_RESULT_PIXELS,
  type CropRect,
  type EditorFacts,
  type EditorStep,
  type Frame,
  type FrameSet,
  type MotifBorder,
  type PrintQuality,
  type SizeOption,
} from '@framewala/domain';
import { i18n } from '../../lib/i18n';
import { chosenFrame, chosenPrintSize, customSizeCheck, type PrintSize } from '../../lib/order-draft/draft-choices';
import type { CustomSizeInput, OrderDraft, OrderPhoto } from '../../lib/order-draft/order-draft';
import { borderWidthText } from '../../lib/print-texts';

/** The guards of the domain's step table, read from the order. */
export function editorFacts(draft: OrderDraft, sets: readonly FrameSet[] | undefined): EditorFacts {
  const custom = customSizeCheck(draft);
  return {
    hasPresetSize: draft.size !== null,
    hasCustomSize: custom !== null,
    customSizeValid: custom?.ok === true,
    frameSetOpen: draft.openFrameSetId !== null,
    hasFrame: sets ? chosenFrame(draft, sets) !== null : draft.frameId !== null,
  };
}

// ── The step in the address ─────────────────────────────────────────────────────────────────────────────────

/**
 * Each step has its own address (`/edit-photo?step=frame`), so the browser's Back and Forward move between steps and
 * a reload stays on one. The names are the address's words, never shown.
 */
export const STEP_PARAM = 'step';
const STEP_NAMES: Readonly<Record<EditorStep, string>> = {
  0: 'options',
  1: 'size',
  2: 'custom-size',
  3: 'frame',
  4: 'border',
  5: 'summary',
};

export function stepName(step: EditorStep): string {
  return STEP_NAMES[step];
}

/** The step an address names, or null for a missing or unknown name. */
export function stepFromName(name: string | null): EditorStep | null {
  const found = Object.entries(STEP_NAMES).find(([, n]) => n === name);
  return found ? (Number(found[0]) as EditorStep) : null;
}

/**
 * The step an address may show for this order: the frame and border steps need the size's crop cut (or, for an order
 * rebuilt from a cart line, a photo already of the size's shape), the border and summary a chosen finish. An address
 * out of reach (typed, or Forward after the crop changed) shows the first step still missing: the size, else the frame.
 */
export function reachableStep(draft: OrderDraft, asked: EditorStep, sets: readonly FrameSet[] | undefined): EditorStep {
  if (asked <= 2) return asked;
  const print = chosenPrintSize(draft);
  const whole = print ? { x: 0, y: 0, width: draft.photo.width, height: draft.photo.height } : null;
  const sizeDone = print !== null && (cropIsApplied(draft, print) || (draft.crop === null && whole !== null && cropFitsSize(whole, print)));
  if (!sizeDone) return 1;
  if (asked === 3 || editorFacts(draft, sets).hasFrame) return asked;
  return 3;
}

// ── Changes ──────────────────────────────────────────────────────────────────────────────────────────────────

export function goToStep(draft: OrderDraft, step: EditorStep): OrderDraft {
  return draft.step === step ? draft : { ...draft, step };
}

/** Back, per the domain's table. */
export function goBack(draft: OrderDraft, sets: readonly FrameSet[] | undefined): OrderDraft {
  const result = editorBack(draft.step, editorFacts(draft, sets));
  return { ...draft, step: result.step, openFrameSetId: result.closeFrameSet ? null : draft.openFrameSetId };
}

/** Next, when its guard allows; the summary's Next (checkout) is a navigation and leaves the draft alone. */
export function goNext(draft: OrderDraft, sets: readonly FrameSet[] | undefined): OrderDraft {
  const result = editorNext(draft.step, editorFacts(draft, sets));
  if (!result.ok || result.step === 6) return draft;
  return { ...draft, step: result.step };
}

/** Choosing a preset highlights it and clears any custom size. */
export function choosePreset(draft: OrderDraft, size: SizeOption & { format: string }): OrderDraft {
  return {
    ...draft,
    size: { _id: size._id, format: size.format, sizeName: size.sizeName, width: size.width, height: size.height, price: size.price },
    customSize: null,
  };
}

/** Typing a custom size clears the chosen preset. */
export function typeCustomSize(draft: OrderDraft, input: CustomSizeInput): OrderDraft {
  return { ...draft, customSize: input, size: null };
}

/** Opening a set shows its finishes; the first finish is chosen unless one of this set already is. */
export function openFrameSet(draft: OrderDraft, set: FrameSet): OrderDraft {
  const keep = draft.frameSetId === set._id && set.frames.some((f) => f._id === draft.frameId);
  return {
    ...draft,
    openFrameSetId: set._id,
    frameSetId: set._id,
    frameId: keep ? draft.frameId : (set.frames[0]?._id ?? null),
  };
}

export function chooseFrame(draft: OrderDraft, set: FrameSet, frame: Frame): OrderDraft {
  if (draft.frameSetId === set._id && draft.frameId === frame._id) return draft;
  return { ...draft, frameSetId: set._id, frameId: frame._id, openFrameSetId: set._id };
}

/** The border card position 0..6 is the border level (0 = none). */
export function chooseBorder(draft: OrderDraft, index: number): OrderDraft {
  if (!Number.isInteger(index) || index < 0 || index >= WHITE_BORDER_LEVELS.length) return draft;
  return draft.borderLevel === index ? draft : { ...draft, borderLevel: index };
}

/** Quantity stays within MIN_QUANTITY..MAX_QUANTITY. */
export function setQuantity(draft: OrderDraft, quantity: number): OrderDraft {
  const q = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.round(Number.isFinite(quantity) ? quantity : MIN_QUANTITY)));
  return q === draft.quantity ? draft : { ...draft, quantity: q };
}

const sameRect = (a: CropRect | null, b: CropRect | null): boolean =>
  a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);

/** The crop box moved (the original's pixels). */
export function moveCrop(draft: OrderDraft, rect: CropRect): OrderDraft {
  return sameRect(draft.crop, rect) ? draft : { ...draft, crop: rect };
}

export function coversWholePhoto(rect: CropRect, photo: Pick<OrderPhoto, 'width' | 'height'>): boolean {
  return rect.x === 0 && rect.y === 0 && rect.width === photo.width && rect.height === photo.height;
}

/** The server cut `rect` out of the source photo: that upload is now the photo to print. */
export function applyCrop(draft: OrderDraft, rect: CropRect, cropped: OrderPhoto): OrderDraft {
  return { ...draft, photo: cropped, crop: rect, appliedCrop: rect };
}

/** The whole photo is the crop: print the original itself, no server crop needed. */
export function keepWholePhoto(draft: OrderDraft): OrderDraft {
  const whole = { x: 0, y: 0, width: draft.sourcePhoto.width, height: draft.sourcePhoto.height };
  return { ...draft, photo: draft.sourcePhoto, crop: whole, appliedCrop: null };
}

/** The rectangle to show and print for the chosen size: the customer's crop when it fits, else the centred one. */
export function effectiveCrop(draft: OrderDraft, size: PrintSize | null): CropRect | null {
  if (!size) return null;
  if (draft.crop && cropFitsSize(draft.crop, size)) return draft.crop;
  return centeredCrop(draft.sourcePhoto, size.widthIn / size.heightIn);
}

/**
 * The photo in the order matches what the customer sees: the last crop sent to the server is the current box and
 * fits the size, or the box covers the whole photo and the order holds the original.
 */
export function cropIsApplied(draft: OrderDraft, size: PrintSize | null): boolean {
  if (!size || !draft.crop || !cropFitsSize(draft.crop, size)) return false;
  if (coversWholePhoto(draft.crop, draft.sourcePhoto)) return draft.photo._id === draft.sourcePhoto._id;
  return draft.photo._id !== draft.sourcePhoto._id && sameRect(draft.appliedCrop, draft.crop);
}

/** The four choices of the options panel and where they lead. */
export const EDITOR_OPTIONS: readonly { step: EditorStep; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { step: 1, label: msg`Image Sizes`, hint: msg`Pick a ready-made print size` },
  { step: 2, label: msg`Custom Size`, hint: msg`Your own width and height in inches` },
  { step: 3, label: msg`Frame Profile`, hint: msg`Choose the moulding and its finish` },
  { step: 4, label: msg`Motif border`, hint: msg`Add a white border around the photo` },
];

/**
 * How many times AI upscales enlarged a photo's pixels (1: the camera's own): what the order in progress recorded
 * (`aiUpscale`, the product along enhancements of enhancements), else the upload's own `enhancement.upscale`.
 */
export function photoAiUpscale(photo: object): number {
  const { aiUpscale, enhancement } = photo as { aiUpscale?: unknown; enhancement?: unknown };
  if (typeof aiUpscale === 'number' && Number.isFinite(aiUpscale) && aiUpscale >= 1) return aiUpscale;
  const upscale = (enhancement as { upscale?: unknown } | null | undefined)?.upscale;
  return typeof upscale === 'number' && upscale > 1 ? upscale : 1;
}

/**
 * An enhanced upload made from `before` (or from a crop of it), carrying the AI upscale behind its pixels: before's,
 * times this enhancement's own.
 */
export function withAiUpscale(after: OrderPhoto, before: OrderPhoto): OrderPhoto {
  const own = (after.enhancement as { upscale?: unknown } | null | undefined)?.upscale;
  return { ...after, aiUpscale: photoAiUpscale(before) * (typeof own === 'number' && own > 1 ? own : 1) };
}

/**
 * Print quality of the whole photo at a size (the crop will cut the longer side: the smaller ppi counts), AI-sharpened
 * pixels rated as the domain rates them.
 */
export function photoQuality(
  photo: { width: number; height: number; aiUpscale?: unknown; enhancement?: unknown },
  widthIn: number,
  heightIn: number,
): PrintQuality {
  return printQuality({ pixelsWide: photo.width, pixelsHigh: photo.height, widthIn, heightIn, aiUpscale: photoAiUpscale(photo) });
}

/**
 * The size line of a border card: its width, and for size 0 what it means (the seed's 'Border' there read
 * 'No border · Border · ₹0.00').
 */
export function borderSizeText(border: MotifBorder): string {
  return border.size === 0 ? i18n._(msg`Photo to the frame’s edge`) : borderWidthText(border.sizeName);
}

/**
 * The enhanced (or AI-sharpened) photo becomes the one the customer crops: the box keeps its place, scaled by the
 * upscale factor, and is cut again from the new photo.
 */
export function applyEnhanced(draft: OrderDraft, enhanced: OrderPhoto): OrderDraft {
  const factor = enhanced.width / draft.sourcePhoto.width;
  const scale = (v: number) => Math.round(v * factor);
  const crop = draft.crop
    ? {
        x: Math.min(scale(draft.crop.x), enhanced.width - 1),
        y: Math.min(scale(draft.crop.y), enhanced.height - 1),
        width: Math.min(scale(draft.crop.width), enhanced.width - Math.min(scale(draft.crop.x), enhanced.width - 1)),
        height: Math.min(scale(draft.crop.height), enhanced.height - Math.min(scale(draft.crop.y), enhanced.height - 1)),
      }
    : null;
  return { ...draft, sourcePhoto: enhanced, photo: enhanced, crop, appliedCrop: null };
}

/**
 * The AI upscale to offer for a crop that prints below its size's minimum: the smaller factor that reaches the
 * minimum, else ×4; null when the photo is over the long side upscaling takes, or the result would be too large.
 */
export function upscaleOffer(
  photo: { width: number; height: number },
  quality: { ppi: number; minimumPpi: number; ok: boolean },
): 2 | 4 | null {
  if (quality.ok || Math.max(photo.width, photo.height) > UPSCALE_MAX_LONG_SIDE) return null;
  const fits = (f: 2 | 4) => photo.width * f * photo.height * f <= UPSCALE_MAX_RESULT_PIXELS;
  if (quality.ppi * 2 >= quality.minimumPpi && fits(2)) return 2;
  if (fits(4)) return 4;
  return fits(2) ? 2 : null;
}
