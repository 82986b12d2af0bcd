import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { MAX_CUSTOM_INCHES, MIN_CUSTOM_INCHES, formatInr, presetStartingPricePaise, type CustomSizeMessage } from '@framewala/domain';
import type { CustomSizeInput, OrderDraft } from '../../lib/order-draft/order-draft';
import { customSizeCheck } from '../../lib/order-draft/draft-choices';
import { photoQuality } from './editor-model';
import { QualityBadge } from '../../components/quality-badge';
import { customSizeErrorText, inchesText, qualityDistanceText } from '../../lib/print-texts';
import { BackButton, NextButton, StepActions, StepHeading } from './step-ui';

type CustomSizeStepProps = {
  draft: OrderDraft;
  onType: (input: CustomSizeInput) => void;
  onBack: () => void;
  onNext: () => void;
  nextBusy: boolean;
};

/** Step 2: width and height in inches; out-of-range values are marked, explained and not used. */
export function CustomSizeStep({ draft, onType, onBack, onNext, nextBusy }: CustomSizeStepProps) {
  const { t } = useLingui();
  const input = draft.customSize ?? { width: '', height: '' };
  const check = customSizeCheck(draft);
  const errors = check && !check.ok ? check.errors : {};
  // A field that is still empty is not an error yet; its message shows once the other one is filled or it was typed in.
  const widthError = input.width.trim() !== '' || input.height.trim() !== '' ? errors.width : undefined;
  const heightError = input.height.trim() !== '' || input.width.trim() !== '' ? errors.height : undefined;
  const valid = check?.ok === true ? check : null;
  const min = MIN_CUSTOM_INCHES;
  const max = MAX_CUSTOM_INCHES;
  const startingPrice = valid ? formatInr(presetStartingPricePaise(valid.width, valid.height)) : '';

  return (
    <>
      <StepHeading
        eyebrow={t`Step 1 of 4 · Custom size`}
        title={t`Choose your custom size`}
        hint={t`Any width and height from ${min} to ${max} inches. The crop on the left follows your size.`}
      />
      <div className="grid grid-cols-2 gap-4">
        <InchesField
          label={t`Width`}
          placeholder="16"
          value={input.width}
          error={widthError}
          onChange={(width) => onType({ ...input, width })}
        />
        <InchesField
          label={t`Height`}
          placeholder="12"
          value={input.height}
          error={heightError}
          onChange={(height) => onType({ ...input, height })}
        />
      </div>
      <div className="mt-5 min-h-16 rounded-xl bg-cream px-4 py-3 text-[0.95rem]" aria-live="polite">
        {valid ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-semibold text-ink-900 tabular-nums">{inchesText(valid.width, valid.height)}</span>
              <span className="text-ink-600">
                {' '}
                <Trans>· starting at {startingPrice}</Trans>
              </span>
            </span>
            <QualityBadge quality={photoQuality(draft.sourcePhoto, valid.width, valid.height)} />
            <p className="w-full text-sm leading-snug text-ink-500" data-testid="quality-note">
              {qualityDistanceText()}
            </p>
          </div>
        ) : (
          <span className="text-ink-500">
            <Trans>Enter a width and a height to see the price and print quality.</Trans>
          </span>
        )}
      </div>
      <StepActions>
        <BackButton onClick={onBack} />
        <NextButton onClick={onNext} disabled={!valid || nextBusy}>
          <Trans>Next: Select Frame</Trans>
        </NextButton>
      </StepActions>
    </>
  );
}

function InchesField({
  label,
  placeholder,
  value,
  error,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  error?: CustomSizeMessage;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          className={`block min-h-12 w-full rounded-xl border bg-white py-2 pr-10 pl-3.5 text-lg tabular-nums text-ink-900 placeholder:text-ink-300 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 ${
            error
              ? 'border-saffron-600 bg-saffron-50/60 focus-visible:outline-saffron-400'
              : 'border-ink-200 focus-visible:outline-saffron-500'
          }`}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-ink-500">
          <Trans>in</Trans>
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-saffron-800">
          {customSizeErrorText(error)}
        </p>
      ) : null}
    </div>
  );
}
