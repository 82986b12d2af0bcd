import { zodResolver } from '@hookform/resolvers/zod';
import {
  DESCRIPTION_MAX,
  FINISH_MATERIALS,
  formatInr,
  FRAME_PARTS,
  MAX_BORDER_PRICE_PAISE,
  MAX_RATE_PAISE_PER_SQ_IN,
  NAME_MAX,
  paiseToRupees,
  rupeesToPaise,
  type FinishMaterial,
  type FramePart,
} from '@framewala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { ImageIcon } from '../../components/icons';
import { FieldFrame, inputClass, labelClass, TextField } from '../../components/form-controls';
import { showToast } from '../../lib/toast-store';
import { AdminShell, ErrorBox, Panel } from './admin-ui';
import { selectClass } from './styles';
import { errorText } from './error-text';
import { ShippingSettingsPanel } from './shipping-settings';
import {
  addFinish,
  fetchAdminCatalogue,
  updateBorder,
  updateFinish,
  updateFrameSet,
  type AdminBorder,
  type AdminCatalogue,
  type AdminFinish,
  type AdminFrameSet,
} from './api';

const CATALOGUE_KEY = ['admin', 'catalogue'] as const;

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
const HINDI_HINT = 'Shown on Hindi pages; leave empty to show the English.';

/**
 * `{[key]: Hindi}` to send, or nothing: the Hindi is sent when it was edited, or when its English was (the API drops a
 * Hindi whose English changes without it, so the Hindi shown beside the new English is sent to keep it). Empty is null.
 */
function hindiField<K extends string>(
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

/** `/admin/catalogue`: the frame sets' names, descriptions and rates, their finishes, and the white borders' prices. */
export function AdminCataloguePage() {
  const catalogue = useQuery({ queryKey: CATALOGUE_KEY, queryFn: fetchAdminCatalogue, retry: false });
  return (
    <AdminShell title="Catalogue" intro="Frame sets, finishes and white borders as customers see them in the editor.">
      <title>Catalogue — Shop console — Framewala</title>
      <p className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid="catalogue-notice">
        <strong className="font-semibold">Changes apply to new orders only.</strong> An order already placed keeps the frame, border and
        prices it was ordered with.
      </p>
      {catalogue.isPending ? (
        <p role="status" className="text-ink-500">
          Loading the catalogue…
        </p>
      ) : catalogue.isError ? (
        <ErrorBox error={catalogue.error} title="We couldn’t load the catalogue." onRetry={() => void catalogue.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          {catalogue.data.frameSets.map((set) => (
            <FrameSetPanel key={set.id} set={set} />
          ))}
          <BordersPanel borders={catalogue.data.borders} />
          <ShippingSettingsPanel />
        </div>
      )}
    </AdminShell>
  );
}

function useCatalogueUpdate() {
  const queryClient = useQueryClient();
  return (update: (current: AdminCatalogue) => AdminCatalogue) => {
    queryClient.setQueryData<AdminCatalogue>(CATALOGUE_KEY, (current) => (current ? update(current) : current));
  };
}

const frameSetSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`),
  description,
  rate: rupees('the rate', paiseToRupees(MAX_RATE_PAISE_PER_SQ_IN)),
  nameHi: hindiName,
  descriptionHi: hindiDescription,
});

const frameSetValues = (set: AdminFrameSet) => ({
  name: set.name,
  description: set.description ?? '',
  rate: paiseToRupees(set.ratePaisePerSqIn).toFixed(2),
  nameHi: set.nameHi ?? '',
  descriptionHi: set.descriptionHi ?? '',
});

function FrameSetPanel({ set }: { set: AdminFrameSet }) {
  const update = useCatalogueUpdate();
  const headingId = `set-${set.id}`;
  const form = useForm<z.input<typeof frameSetSchema>, unknown, z.output<typeof frameSetSchema>>({
    resolver: zodResolver(frameSetSchema),
    defaultValues: frameSetValues(set),
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof frameSetSchema>) =>
      updateFrameSet(set.id, {
        name: values.name,
        description: values.description,
        ratePaisePerSqIn: rupeesToPaise(values.rate),
        ...hindiField('nameHi', { now: values.nameHi, saved: set.nameHi }, { now: values.name, saved: set.name }),
        ...hindiField(
          'descriptionHi',
          { now: values.descriptionHi, saved: set.descriptionHi },
          { now: values.description, saved: set.description },
        ),
      }),
    onSuccess: (saved) => {
      update((c) => ({
        ...c,
        frameSets: c.frameSets.map((s) =>
          s.id === saved.id ? { ...s, ...saved, finishes: saved.finishes.length ? saved.finishes : s.finishes } : s,
        ),
      }));
      form.reset(frameSetValues(saved));
      showToast(`${saved.name} saved.`);
    },
  });
  const { errors, isDirty } = form.formState;
  const active = set.finishes.filter((f) => f.active).length;
  return (
    <Panel
      id={headingId}
      title={set.name}
      action={
        <span className="text-sm text-ink-600">
          {set.mouldingIn} in moulding · {formatInr(set.ratePaisePerSqIn)} per sq in · {active} of {set.finishes.length} finishes on sale
        </span>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} aria-label={`${set.name} details`}>
        <fieldset disabled={save.isPending} className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField label="Name" required error={errors.name?.message} {...form.register('name')} />
          <TextField
            label="Rate (₹ per sq in)"
            required
            inputMode="decimal"
            hint="Frame and print price per square inch of the print."
            error={errors.rate?.message}
            {...form.register('rate')}
          />
          <FieldFrame id={`${headingId}-description`} label="Description" error={errors.description?.message} className="md:col-span-2">
            <textarea
              id={`${headingId}-description`}
              rows={3}
              aria-invalid={errors.description ? true : undefined}
              className={`${inputClass} min-h-20`}
              {...form.register('description')}
            />
          </FieldFrame>
          <TextField label="Hindi name" lang="hi" hint={HINDI_HINT} error={errors.nameHi?.message} {...form.register('nameHi')} />
          <FieldFrame
            id={`${headingId}-description-hi`}
            label="Hindi description"
            hint={HINDI_HINT}
            error={errors.descriptionHi?.message}
            className="md:col-span-2"
          >
            <textarea
              id={`${headingId}-description-hi`}
              lang="hi"
              rows={3}
              aria-invalid={errors.descriptionHi ? true : undefined}
              aria-describedby={errors.descriptionHi ? `${headingId}-description-hi-error` : `${headingId}-description-hi-hint`}
              className={`${inputClass} min-h-20`}
              {...form.register('descriptionHi')}
            />
          </FieldFrame>
        </fieldset>
        {save.isError ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {errorText(save.error)}
          </p>
        ) : null}
        <div className="mt-3 flex justify-end">
          <button type="submit" className={secondaryButton} disabled={!isDirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>

      <h3 className="mt-5 mb-3 font-sans text-sm font-semibold tracking-wide text-ink-500 uppercase">Finishes</h3>
      <ul aria-label={`${set.name} finishes`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {set.finishes.map((finish) => (
          <FinishCard key={finish.id} finish={finish} />
        ))}
      </ul>
      <details className="mt-4 rounded-2xl border border-ink-100" data-testid="finish-texts">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-ink-800">
          Finish names and descriptions, in English and Hindi
        </summary>
        <ul aria-label={`${set.name} finish texts`} className="divide-y divide-ink-100 border-t border-ink-100">
          {set.finishes.map((finish) => (
            <li key={finish.id}>
              <FinishTexts finish={finish} />
            </li>
          ))}
        </ul>
      </details>
      <AddFinish set={set} />
    </Panel>
  );
}

function FinishCard({ finish }: { finish: AdminFinish }) {
  const update = useCatalogueUpdate();
  const toggle = useMutation({
    mutationFn: () => updateFinish(finish.id, { active: !finish.active }),
    onSuccess: (saved) => {
      update((c) => ({
        ...c,
        frameSets: c.frameSets.map((s) => ({ ...s, finishes: s.finishes.map((f) => (f.id === saved.id ? { ...f, ...saved } : f)) })),
      }));
      showToast(saved.active ? `${saved.name} is on sale again.` : `${saved.name} is retired: new orders can’t choose it.`);
    },
  });
  const thumb = finish.thumbnailUrl ?? finish.images?.sideUp ?? null;
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border ${finish.active ? 'border-ink-100 bg-cream' : 'border-dashed border-ink-200 bg-ink-50'}`}
    >
      <div className={`flex aspect-[4/3] items-center justify-center bg-sand ${finish.active ? '' : 'opacity-50 grayscale'}`}>
        {thumb ? <img src={thumb} alt="" className="h-full w-full object-cover" /> : <ImageIcon className="h-8 w-8 text-ink-300" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="leading-tight">
          <span className="block font-semibold text-ink-900">{finish.name}</span>
          <span className="text-sm text-ink-500">
            {finish.material ?? ''}
            {finish.active ? '' : ' · retired'}
          </span>
        </p>
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
          aria-label={`${finish.active ? 'Retire' : 'Restore'} ${finish.name}`}
          className={`${secondaryButton} mt-auto min-h-10 px-3 py-1.5 text-sm`}
        >
          {toggle.isPending ? 'Saving…' : finish.active ? 'Retire' : 'Restore'}
        </button>
        {toggle.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(toggle.error)}
          </p>
        ) : null}
      </div>
    </li>
  );
}

const finishTextsSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(NAME_MAX, `Keep the name under ${NAME_MAX} characters.`),
  description,
  nameHi: hindiName,
  categoryHi: hindiName,
  descriptionHi: hindiDescription,
});

const finishTextValues = (finish: AdminFinish) => ({
  name: finish.name,
  description: finish.description ?? '',
  nameHi: finish.nameHi ?? '',
  categoryHi: finish.categoryHi ?? '',
  descriptionHi: finish.descriptionHi ?? '',
});

/** A finish's name, category and description as customers read them, the English and the Hindi side by side. */
function FinishTexts({ finish }: { finish: AdminFinish }) {
  const update = useCatalogueUpdate();
  const id = useId();
  const form = useForm<z.input<typeof finishTextsSchema>, unknown, z.output<typeof finishTextsSchema>>({
    resolver: zodResolver(finishTextsSchema),
    defaultValues: finishTextValues(finish),
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof finishTextsSchema>) =>
      updateFinish(finish.id, {
        ...(values.name !== finish.name ? { name: values.name } : {}),
        ...(values.description !== (finish.description ?? '') ? { description: values.description } : {}),
        ...hindiField('nameHi', { now: values.nameHi, saved: finish.nameHi }, { now: values.name, saved: finish.name }),
        ...hindiField('categoryHi', { now: values.categoryHi, saved: finish.categoryHi }, { now: '', saved: '' }),
        ...hindiField(
          'descriptionHi',
          { now: values.descriptionHi, saved: finish.descriptionHi },
          { now: values.description, saved: finish.description },
        ),
      }),
    onSuccess: (saved) => {
      update((c) => ({
        ...c,
        frameSets: c.frameSets.map((s) => ({ ...s, finishes: s.finishes.map((f) => (f.id === saved.id ? { ...f, ...saved } : f)) })),
      }));
      form.reset(finishTextValues(saved));
      showToast(`${saved.name} saved.`);
    },
  });
  const { errors, isDirty } = form.formState;
  return (
    <form
      noValidate
      aria-label={`${finish.name} texts`}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="px-4 py-4"
    >
      <h4 className="mb-3 font-semibold text-ink-900">
        {finish.name}
        {finish.active ? '' : <span className="font-normal text-ink-500"> · retired</span>}
      </h4>
      <fieldset disabled={save.isPending} className="grid gap-4 md:grid-cols-2">
        <TextField label="Name" required error={errors.name?.message} {...form.register('name')} />
        <TextField label="Hindi name" lang="hi" hint={HINDI_HINT} error={errors.nameHi?.message} {...form.register('nameHi')} />
        <div>
          <p className={labelClass}>Category</p>
          <p className="flex min-h-12 items-center text-ink-700">{finish.category || '—'}</p>
        </div>
        <TextField label="Hindi category" lang="hi" error={errors.categoryHi?.message} {...form.register('categoryHi')} />
        <FieldFrame id={`${id}-description`} label="Description" required error={errors.description?.message}>
          <textarea
            id={`${id}-description`}
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            className={`${inputClass} min-h-20`}
            {...form.register('description')}
          />
        </FieldFrame>
        <FieldFrame id={`${id}-description-hi`} label="Hindi description" error={errors.descriptionHi?.message}>
          <textarea
            id={`${id}-description-hi`}
            lang="hi"
            rows={3}
            aria-invalid={errors.descriptionHi ? true : undefined}
            className={`${inputClass} min-h-20`}
            {...form.register('descriptionHi')}
          />
        </FieldFrame>
      </fieldset>
      {save.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {errorText(save.error)}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <button type="submit" className={secondaryButton} disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save texts'}
        </button>
      </div>
    </form>
  );
}

const MATERIAL_LABELS: Record<FinishMaterial, string> = { wood: 'Wood', metal: 'Metal', lacquer: 'Lacquer' };

const IMAGE_LABELS: Record<FramePart, string> = {
  sideUp: 'Top side',
  sideDown: 'Bottom side',
  sideLeft: 'Left side',
  sideRight: 'Right side',
  topLeft: 'Top-left corner',
  topRight: 'Top-right corner',
  bottomLeft: 'Bottom-left corner',
  bottomRight: 'Bottom-right corner',
};

const fileList = z.custom<FileList | undefined>().refine((files) => files !== undefined && files.length === 1, 'Choose an image.');

const addFinishSchema = z
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
type AddFinishInput = z.input<typeof addFinishSchema>;

function AddFinish({ set }: { set: AdminFrameSet }) {
  const [open, setOpen] = useState(false);
  const update = useCatalogueUpdate();
  const id = useId();
  const form = useForm<AddFinishInput>({
    resolver: zodResolver(addFinishSchema),
    defaultValues: {
      name: '',
      description: '',
      nameHi: '',
      descriptionHi: '',
      material: 'wood',
      mode: 'generate',
      color: '#8b5a2b',
      images: {},
    },
  });
  const add = useMutation({
    mutationFn: (values: AddFinishInput) => {
      const texts = {
        name: values.name.trim(),
        description: values.description.trim(),
        ...(values.nameHi.trim() ? { nameHi: values.nameHi.trim() } : {}),
        ...(values.descriptionHi.trim() ? { descriptionHi: values.descriptionHi.trim() } : {}),
      };
      return addFinish(
        set.id,
        values.mode === 'generate'
          ? {
              ...texts,
              material: values.material,
              mode: 'generate',
              generate: values.material,
              color: values.color,
            }
          : {
              ...texts,
              material: values.material,
              mode: 'upload',
              images: Object.fromEntries(FRAME_PARTS.map((f) => [f, values.images[f]![0]!])) as Record<FramePart, File>,
            },
      );
    },
    onSuccess: (finish) => {
      update((c) => ({ ...c, frameSets: c.frameSets.map((s) => (s.id === set.id ? { ...s, finishes: [...s.finishes, finish] } : s)) }));
      showToast(`${finish.name} added to ${set.name}.`);
      form.reset();
      setOpen(false);
    },
  });
  const mode = form.watch('mode');
  const { errors } = form.formState;
  if (!open) {
    return (
      <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setOpen(true)} aria-label={`Add a finish to ${set.name}`}>
        + Add a finish
      </button>
    );
  }
  return (
    <form
      noValidate
      aria-label={`New finish for ${set.name}`}
      onSubmit={form.handleSubmit((values) => add.mutate(values))}
      className="mt-4 rounded-2xl border border-saffron-200 bg-saffron-50/60 p-4 sm:p-5"
    >
      <h3 className="text-lg font-semibold">New finish for {set.name}</h3>
      <fieldset disabled={add.isPending} className="mt-3 grid gap-4 md:grid-cols-3">
        <TextField label="Name" required error={errors.name?.message} {...form.register('name')} />
        <FieldFrame id={`${id}-material`} label="Material" required>
          <select id={`${id}-material`} className={selectClass} {...form.register('material')}>
            {FINISH_MATERIALS.map((preset) => (
              <option key={preset} value={preset}>
                {MATERIAL_LABELS[preset]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <TextField label="Description" required error={errors.description?.message} {...form.register('description')} />
        <TextField label="Hindi name" lang="hi" hint={HINDI_HINT} error={errors.nameHi?.message} {...form.register('nameHi')} />
        <TextField
          label="Hindi description"
          lang="hi"
          containerClassName="md:col-span-2"
          error={errors.descriptionHi?.message}
          {...form.register('descriptionHi')}
        />
        <div className="md:col-span-3">
          <p className={labelClass} id={`${id}-mode`}>
            Frame images
          </p>
          <div role="radiogroup" aria-labelledby={`${id}-mode`} className="flex flex-col gap-2 sm:flex-row">
            <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-ink-200 bg-white px-3.5 py-2 has-checked:border-saffron-500 has-checked:bg-saffron-50">
              <input type="radio" value="generate" className="h-4 w-4 accent-saffron-700" {...form.register('mode')} />
              Draw them from a material and colour
            </label>
            <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-ink-200 bg-white px-3.5 py-2 has-checked:border-saffron-500 has-checked:bg-saffron-50">
              <input type="radio" value="upload" className="h-4 w-4 accent-saffron-700" {...form.register('mode')} />
              Upload the 8 images
            </label>
          </div>
        </div>
        {mode === 'generate' ? (
          <>
            <FieldFrame id={`${id}-color`} label="Colour" error={errors.color?.message}>
              <input id={`${id}-color`} type="color" className={`${inputClass} h-12 p-1.5`} {...form.register('color')} />
            </FieldFrame>
          </>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 md:col-span-3 lg:grid-cols-4">
            {FRAME_PARTS.map((field) => (
              <FieldFrame key={field} id={`${id}-${field}`} label={IMAGE_LABELS[field]} required error={errors.images?.[field]?.message}>
                <input
                  id={`${id}-${field}`}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  aria-invalid={errors.images?.[field] ? true : undefined}
                  className="block w-full text-sm text-ink-700 file:mr-3 file:min-h-10 file:rounded-full file:border file:border-ink-200 file:bg-white file:px-3 file:font-semibold"
                  {...form.register(`images.${field}`)}
                />
              </FieldFrame>
            ))}
          </div>
        )}
      </fieldset>
      {add.isError ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorText(add.error)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)} disabled={add.isPending}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add finish'}
        </button>
      </div>
    </form>
  );
}

function BordersPanel({ borders }: { borders: AdminBorder[] }) {
  return (
    <Panel id="admin-borders" title="White borders">
      <p className="mb-4 text-ink-600">
        The price added for each white border, whatever the print size, and the border’s name on Hindi pages.
      </p>
      <ul aria-label="White border prices" className="divide-y divide-ink-100 rounded-2xl border border-ink-100">
        {borders.map((border) => (
          <BorderRow key={border.id} border={border} />
        ))}
      </ul>
    </Panel>
  );
}

const borderSchema = z.object({
  price: rupees('the price', paiseToRupees(MAX_BORDER_PRICE_PAISE), { allowZero: true }),
  nameHi: hindiName,
});

const borderValues = (border: AdminBorder) => ({ price: paiseToRupees(border.pricePaise).toFixed(2), nameHi: border.nameHi ?? '' });

function BorderRow({ border }: { border: AdminBorder }) {
  const update = useCatalogueUpdate();
  const inputId = useId();
  const form = useForm<z.input<typeof borderSchema>, unknown, z.output<typeof borderSchema>>({
    resolver: zodResolver(borderSchema),
    defaultValues: borderValues(border),
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof borderSchema>) => {
      const pricePaise = rupeesToPaise(values.price);
      return updateBorder(border.id, {
        ...(pricePaise !== border.pricePaise ? { pricePaise } : {}),
        ...hindiField('nameHi', { now: values.nameHi, saved: border.nameHi }, { now: '', saved: '' }),
      });
    },
    onSuccess: (saved) => {
      update((c) => ({ ...c, borders: c.borders.map((b) => (b.id === saved.id ? { ...b, ...saved } : b)) }));
      form.reset(borderValues(saved));
      showToast(
        saved.pricePaise !== border.pricePaise
          ? `${saved.name} border now costs ${formatInr(saved.pricePaise)}.`
          : `${saved.name} border saved.`,
      );
    },
  });
  const { errors } = form.formState;
  const error = errors.price?.message ?? (save.isError ? errorText(save.error) : undefined);
  const free = border.level === 0;
  return (
    <li>
      <form
        noValidate
        aria-label={free ? `${border.name} border` : `${border.name} border price`}
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4"
      >
        {free ? (
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-ink-900">{border.name}</span>
            <span className="text-sm text-ink-500">No white border</span>
          </span>
        ) : (
          <label htmlFor={inputId} className="min-w-0 flex-1">
            <span className="block font-semibold text-ink-900">{border.name}</span>
            <span className="text-sm text-ink-500">
              {typeof border.sizeIn === 'number' ? `${border.sizeIn} in each side` : border.sizeName}
            </span>
          </label>
        )}
        <label className="flex items-center gap-2">
          <span className="text-sm text-ink-600">Hindi name</span>
          <input
            lang="hi"
            aria-invalid={errors.nameHi ? true : undefined}
            aria-describedby={errors.nameHi ? `${inputId}-hi-error` : undefined}
            className={`${inputClass} w-40`}
            {...form.register('nameHi')}
          />
        </label>
        <div className="flex items-center gap-2">
          {free ? (
            <span className="text-ink-600">Always free</span>
          ) : (
            <>
              <span aria-hidden="true" className="text-ink-500">
                ₹
              </span>
              <input
                id={inputId}
                inputMode="decimal"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className={`${inputClass} w-32 text-right tabular-nums`}
                {...form.register('price')}
              />
            </>
          )}
          <button type="submit" className={`${secondaryButton} px-4`} disabled={!form.formState.isDirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
        {errors.nameHi ? (
          <p id={`${inputId}-hi-error`} role="alert" className="text-sm font-medium text-red-700 sm:basis-full">
            {errors.nameHi.message}
          </p>
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700 sm:basis-full">
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}
