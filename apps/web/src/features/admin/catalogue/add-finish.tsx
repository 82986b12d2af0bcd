import { zodResolver } from '@hookform/resolvers/zod';
import { FINISH_MATERIALS, FRAME_PARTS, type FinishMaterial, type FramePart } from '@framewala/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { FieldFrame, inputClass, labelClass, TextField } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { selectClass } from '../styles';
import { errorText } from '../error-text';
import { addFinish, type AdminFrameSet } from '../api/catalogue';
import { addFinishSchema, HINDI_HINT, type AddFinishInput } from './catalogue-forms';
import { useCatalogueUpdate } from './use-catalogue-update';

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

export function AddFinish({ set }: { set: AdminFrameSet }) {
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
