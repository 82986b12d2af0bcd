import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { WHITE_BORDER_LEVELS, formatInr, rupeesToPaise, type MotifBorder } from '@framewala/domain';
import { CheckIcon } from '../../components/icons';
import { useWhiteBorders } from '../../lib/catalogue/catalogue-api';
import { borderForIndex } from '../../lib/order-draft/draft-choices';
import { borderSizeText } from './editor-model';
import { borderNameText } from '../../lib/print-texts';
import { BackButton, LoadError, LoadingRows, NextButton, StepActions, StepHeading } from './step-ui';

type BorderStepProps = {
  level: number;
  onChoose: (index: number) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 4: the seven white (motif) border cards; card position 0..6 is the border level. */
export function BorderStep({ level, onChoose, onBack, onNext }: BorderStepProps) {
  const { t } = useLingui();
  const borders = useWhiteBorders();
  return (
    <>
      <StepHeading
        eyebrow={t`Step 3 of 4 · White border`}
        title={t`Choose a white border to frame if required`}
        hint={t`A white mat between the photo and the moulding gives it room to breathe. The preview shows it to scale.`}
      />
      {borders.isPending ? (
        <LoadingRows label={t`Loading borders`} />
      ) : borders.isError ? (
        <LoadError message={t`We couldn’t load the borders. Please check your connection.`} onRetry={() => void borders.refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3" aria-label={t`White borders`}>
          {WHITE_BORDER_LEVELS.map((_, index) => {
            const border = borderForIndex(borders.data, index);
            if (!border) return null;
            return (
              <li key={border._id}>
                <BorderCard border={border} index={index} selected={index === level} onChoose={() => onChoose(index)} />
              </li>
            );
          })}
        </ul>
      )}
      <StepActions>
        <BackButton onClick={onBack} />
        <NextButton onClick={onNext}>
          <Trans>Next: Finish</Trans>
        </NextButton>
      </StepActions>
    </>
  );
}

function BorderCard({
  border,
  index,
  selected,
  onChoose,
}: {
  border: MotifBorder;
  index: number;
  selected: boolean;
  onChoose: () => void;
}) {
  const { t } = useLingui();
  const tipId = useId();
  const price = formatInr(rupeesToPaise(border.price));
  const sizeText = borderSizeText(border);
  const name = borderNameText(border.name, border.nameHi);
  // The swatch: a small photo with the mat drawn at 2.5 px per inch, in a box of one height so the text lines up.
  const mat = Math.round(border.size * 2.5);
  return (
    <div className="group relative h-full">
      <button
        type="button"
        aria-pressed={selected}
        aria-describedby={tipId}
        data-border-index={index}
        onClick={onChoose}
        className={`flex h-full w-full flex-col items-start gap-2 rounded-xl border bg-white p-3 text-left transition-colors ${
          selected ? 'border-saffron-500 bg-saffron-50/60 ring-2 ring-saffron-200' : 'border-ink-100 hover:border-saffron-300'
        }`}
      >
        <span className="flex h-[3.25rem] w-full items-center justify-between">
          <span className="inline-block bg-wood-700 p-[3px] shadow-sm" aria-hidden="true">
            <span className="block bg-[#f8f6f1]" style={{ padding: mat }}>
              <span className="block h-6 w-8 bg-gradient-to-b from-[#5b7fa6] via-[#e9a86b] to-[#2f4a36]" />
            </span>
          </span>
          {selected ? (
            <span className="flex h-5 w-5 items-center justify-center rounded-full bg-saffron-700 text-white">
              <CheckIcon className="h-3.5 w-3.5" />
            </span>
          ) : null}
        </span>
        <span className="block leading-tight font-semibold text-ink-900">{name}</span>
        <span className="block text-sm text-ink-600">{sizeText}</span>
        <span className="mt-auto block font-semibold text-ink-900 tabular-nums">{price}</span>
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-[14rem] -translate-x-1/2 rounded-lg bg-ink-900 px-3 py-2 text-xs leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {name} · {border.size === 0 ? t`no white border` : sizeText} · {price}
      </span>
    </div>
  );
}
