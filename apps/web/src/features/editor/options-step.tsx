import { useLingui } from '@lingui/react/macro';
import type { ComponentType, SVGProps } from 'react';
import { lowAtEverySize, sizeGroupsFor, type EditorStep } from '@framewala/domain';
import { useSizeGroups } from '../../lib/catalogue/catalogue-api';
import type { OrderPhoto } from '../../lib/order-draft/order-draft';
import { ArrowRightIcon, CropIcon, FrameIcon, RulerIcon } from '../../components/icons';
import { EDITOR_OPTIONS, photoAiUpscale } from './editor-model';
import { OPTIONS_HEADING, OPTIONS_HINT, SMALL_PHOTO_HEADING, SMALL_PHOTO_HINT } from './options-texts';
import { StepHeading } from './step-ui';

const MatIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" {...props}>
    <rect x="3" y="3" width="18" height="18" rx="1" />
    <rect x="6.5" y="6.5" width="11" height="11" strokeDasharray="2 2" />
    <rect x="9" y="9" width="6" height="6" />
  </svg>
);

const ICONS: Record<number, ComponentType<SVGProps<SVGSVGElement>>> = { 1: RulerIcon, 2: CropIcon, 3: FrameIcon, 4: MatIcon };

type OptionsStepProps = {
  onChoose: (step: EditorStep) => void;
  /** Frame Profile and Motif border need a size (and its crop) first. */
  sizeReady: boolean;
  /** The photo being framed: one that prints Low at every ready-made size is not praised. */
  photo: OrderPhoto;
};

export function OptionsStep({ onChoose, sizeReady, photo }: OptionsStepProps) {
  const { t, i18n } = useLingui();
  const groups = useSizeGroups(photo.imageType);
  // Until the shop's sizes arrive, the catalogue it starts from.
  const sizes: { width: number; height: number }[] = (groups.data ?? sizeGroupsFor(photo.imageType)).flatMap(
    (group: { sizes: readonly { width: number; height: number }[] }) => [...group.sizes],
  );
  const small = lowAtEverySize(photo, sizes, photoAiUpscale(photo));
  return (
    <>
      <StepHeading
        eyebrow={t`Your photo is in`}
        title={i18n._(small ? SMALL_PHOTO_HEADING : OPTIONS_HEADING)}
        hint={i18n._(small ? SMALL_PHOTO_HINT : OPTIONS_HINT)}
      />
      <ul className="grid gap-2.5">
        {EDITOR_OPTIONS.map((option) => {
          const Icon = ICONS[option.step] ?? FrameIcon;
          const needsSize = option.step >= 3 && !sizeReady;
          return (
            <li key={option.step}>
              <button
                type="button"
                onClick={() => onChoose(needsSize ? 1 : option.step)}
                className="group flex w-full items-center gap-3.5 rounded-xl border border-ink-100 bg-white px-4 py-3.5 text-left transition-colors hover:border-saffron-300 hover:bg-saffron-50/50"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-saffron-50 text-saffron-700 ring-1 ring-saffron-100 group-hover:bg-saffron-100">
                  <Icon className="h-5 w-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-ink-900">{i18n._(option.label)}</span>
                  <span className="mt-0.5 block text-sm leading-snug text-ink-600">
                    {needsSize ? t`Choose a size first` : i18n._(option.hint)}
                  </span>
                </span>
                <ArrowRightIcon className="h-4 w-4 shrink-0 text-ink-400 transition-transform group-hover:translate-x-0.5 group-hover:text-saffron-700" />
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
