import {
  DESCRIPTION_MAX,
  FINISH_MATERIALS,
  formatInr,
  FRAME_PARTS,
  MAX_BORDER_PRICE_PAISE,
  MAX_RATE_PAISE_PER_SQ_IN,
  NAME_MAX,
  paiseToRupees,
} from '@framewala/domain';
import { z } from 'zod';
import { type AdminBorder, type AdminFinish, type AdminFrameSet } from '../api/catalogue';

/** A rupee amount typed by people: '4.5', '₹1,200', '1200.00' → a number with at most two decimals. */
const rupees = (what: string, max: number, { allowZero = false } = {}) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[₹,\s]/g, ''))
    .refine((value) => /^\d+(\.\d{1,2})?$/.test(value), `Enter ${what} in rupees, e.g. 4.50.`)
    .transform(Number)
    .refine((value) => allowZero || value > 0, `${what[0]!.toUpperCase()}${what.slice(1)} must be more than ₹0.`)
    .refine((value) => value <= max, `Keep ${what} at or under ${formatInr(max * 100)}.`);

const description = z
  .string()
  .trim()
  .min(1, 'Enter a short description.')
  .max(DESCRIPTION_MAX, `Keep the description under ${DESCRIPTION_MAX} characters.`);

/** The Hindi beside an English text: optional (empty shows customers the English). */
const hindiName = z.string().trim().max(NAME_MAX, `Keep the Hindi name under ${NAME_MAX} characters.`);

const hindiDescription = z.string().trim().max(DESCRIPTION_MAX, `Keep the Hindi description under ${DESCRIPTION_MAX} characters.`);

export const HINDI_HINT = 'Shown on Hindi pages; leave empty to show the English.';

/**
 * `{[key]: Hindi}` to send, or nothing: the Hindi is sent when it was edited, or when its English was (the API drops a
 * Hindi whose English changes without it, so the Hindi shown beside the new English is sent to keep it). Empty is null.
 */
export function hindiField<K extends string>(
  key: K,
  hindi: { now: string; saved: string | null | undefined },
  english: { now: string; saved: string | null | undefined },
): Partial<Record<K, string | null>> {
  const text = hindi.now.trim();
  const hindiEdited = text !== (hindi.saved ?? '');
  const englishEdited = english.now.trim() !== (english.saved ?? '');
  if (!hindiEdited && !(englishEdited && text !== '')) return {};
  return { [key]: text === '' ? null : text } as Record<K, string | null>;
}

export const frameSetSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`),
  description,
  rate: rupees('the rate', paiseToRupees(MAX_RATE_PAISE_PER_SQ_IN)),
  nameHi: hindiName,
  descriptionHi: hindiDescription,
});

export const frameSetValues = (set: AdminFrameSet) => ({
  name: set.name,
  description: set.description ?? '',
  rate: paiseToRupees(set.ratePaisePerSqIn).toFixed(2),
  nameHi: set.nameHi ?? '',
  descriptionHi: set.descriptionHi ?? '',
});

export const finishTextsSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`),
  description,
  nameHi: hindiName,
  categoryHi: hindiName,
  descriptionHi: hindiDescription,
});

export const finishTextValues = (finish: AdminFinish) => ({
  name: finish.name,
  description: finish.description ?? '',
  nameHi: finish.nameHi ?? '',
  categoryHi: finish.categoryHi ?? '',
  descriptionHi: finish.descriptionHi ?? '',
});

const fileList = z.custom<FileList | undefined>().refine((files) => files !== undefined && files.length === 1, 'Choose an image.');

export const addFinishSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`),
    description,
    nameHi: hindiName,
    descriptionHi: hindiDescription,
    material: z.enum(FINISH_MATERIALS),
    mode: z.enum(['generate', 'upload']),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour.'),
    images: z.record(z.string(), z.custom<FileList | undefined>()),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== 'upload') return;
    for (const field of FRAME_PARTS) {
      if (!fileList.safeParse(value.images[field]).success)
        ctx.addIssue({ code: 'custom', path: ['images', field], message: 'Choose an image.' });
    }
  });

export type AddFinishInput = z.input<typeof addFinishSchema>;

export const borderSchema = z.object({
  price: rupees('the price', paiseToRupees(MAX_BORDER_PRICE_PAISE), { allowZero: true }),
  nameHi: hindiName,
});

export const borderValues = (border: AdminBorder) => ({ price: paiseToRupees(border.pricePaise).toFixed(2), nameHi: border.nameHi ?? '' });
