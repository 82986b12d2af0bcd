import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { formatInr, rupeesToPaise, sizeGroupsForPhoto, type SizeGroup, type SizeOption } from '@framewala/domain';
import { secondaryButton } from '../../components/button-styles';
import { CheckIcon } from '../../components/icons';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { useSizeGroups } from '../../lib/catalogue/catalogue-api';
import { photoAiUpscale, photoQuality } from './editor-model';
import { qualityDistanceText, sizeFormatText, sizeNameText } from '../../lib/print-texts';
import { QualityBadge } from '../../components/quality-badge';
import { BackButton, LoadError, LoadingRows, NextButton, StepActions, StepHeading } from './step-ui';

type SizeStepProps = {
  draft: OrderDraft;
  onChoose: (size: SizeOption & { format: string }) => void;
  onCustom: () => void;
  onBack: () => void;
  onNext: () => void;
  /** Next is working (the crop is being cut) or blocked. */
  nextBusy: boolean;
};

/**
 * Step 1: the preset sizes for the photo's orientation, grouped by format, with the print quality of each; the sizes
 * that suit the photo (its shape, a good print) first.
 */
export function SizeStep({ draft, onChoose, onCustom, onBack, onNext, nextBusy }: SizeStepProps) {
  const { t } = useLingui();
  const imageType = draft.sourcePhoto.imageType;
  const sizes = useSizeGroups(imageType);
  const selectedId = draft.size?._id ?? null;
  const canGoOn = selectedId !== null;

  return (
    <>
      <StepHeading
        eyebrow={t`Step 1 of 4 · Size`}
        title={t`Choose your print size`}
        hint={t`Sizes are in inches and follow your photo’s shape; those that suit it best come first. The badge shows how sharp your photo will print at each size.`}
      />
      <p className="-mt-3 mb-4 text-sm leading-snug text-ink-500" data-testid="quality-note">
        {qualityDistanceText()}
      </p>
      {sizes.isPending ? (
        <LoadingRows label={t`Loading sizes`} />
      ) : sizes.isError ? (
        <LoadError message={t`We couldn’t load the sizes. Please check your connection.`} onRetry={() => void sizes.refetch()} />
      ) : (
        <SizeTable groups={sizes.data} selectedId={selectedId} photo={draft.sourcePhoto} onChoose={onChoose} />
      )}
      <p className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-cream px-4 py-2.5 text-[0.95rem] text-ink-700">
        <Trans>Not the size you need?</Trans>
        <button type="button" onClick={onCustom} className={`${secondaryButton} min-h-10 px-4 py-1.5 text-sm`}>
          <Trans>Select Custom Size</Trans>
        </button>
      </p>
      <StepActions>
        <BackButton onClick={onBack} />
        <NextButton onClick={onNext} disabled={!canGoOn || nextBusy} describedBy={canGoOn ? undefined : 'size-next-hint'}>
          <Trans>Next: Select Frame</Trans>
        </NextButton>
        {!canGoOn ? (
          <p id="size-next-hint" className="w-full text-center text-sm text-ink-500 sm:text-right">
            <Trans>Choose a size to continue.</Trans>
          </p>
        ) : null}
      </StepActions>
    </>
  );
}

type SizeTableProps = {
  groups: SizeGroup[];
  selectedId: string | null;
  photo: { width: number; height: number; aiUpscale?: unknown; enhancement?: unknown };
  onChoose: (size: SizeOption & { format: string }) => void;
};

function SizeTable({ groups, selectedId, photo, onChoose }: SizeTableProps) {
  return (
    <div
      // A box of its own scroll on wider screens only: on a phone the page scrolls, never a box inside it.
      className="relative rounded-xl border border-ink-100 bg-white sm:max-h-[400px] sm:overflow-y-auto sm:overscroll-contain"
      data-testid="size-table-scroll"
    >
      <table className="w-full border-collapse text-left text-[0.95rem]">
        <caption className="sr-only">
          <Trans>Preset print sizes with their starting price and the print quality of your photo</Trans>
        </caption>
        <thead className="bg-sand text-[0.8rem] text-ink-600 sm:sticky sm:top-0 sm:z-10">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              <Trans>Format</Trans>
            </th>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              <Trans>Size</Trans>
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              <Trans>Starting Price</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {sizeGroupsForPhoto(groups, photo, photoAiUpscale(photo)).map((group) => (
            <Fragment key={group._id}>
              {group.sizes.map((size, index) => {
                const selected = size._id === selectedId;
                const quality = photoQuality(photo, size.width, size.height);
                const choose = () => onChoose({ ...size, format: group.format });
                return (
                  <tr
                    key={size._id}
                    onClick={choose}
                    data-selected={selected || undefined}
                    className={`cursor-pointer transition-colors ${index === 0 ? 'border-t-2 border-ink-100' : 'border-t border-ink-100/70'} ${
                      selected ? 'bg-saffron-50' : 'hover:bg-cream'
                    }`}
                  >
                    {index === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={group.sizes.length}
                        className="cursor-default bg-white py-2 pr-1 pl-2 align-top font-serif text-base font-semibold text-ink-900 sm:pl-3"
                        onClick={(event) => event.stopPropagation()}
                      >
                        {sizeFormatText(group.format)}
                      </th>
                    ) : null}
                    <td className={`px-2 py-1.5 ${selected ? 'shadow-[inset_3px_0_0_var(--color-saffron-600)]' : ''}`}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        onClick={(event) => {
                          event.stopPropagation();
                          choose();
                        }}
                        className="flex min-h-10 w-full flex-col items-start justify-center rounded-md text-left focus-visible:outline-offset-4"
                      >
                        <span
                          className={`flex items-center gap-1.5 tabular-nums ${selected ? 'font-semibold text-saffron-900' : 'text-ink-900'}`}
                        >
                          {selected ? <CheckIcon className="h-4 w-4 text-saffron-700" /> : null}
                          {sizeNameText(size.sizeName)}
                        </span>
                        <span className="mt-0.5">
                          <QualityBadge quality={quality} wrap />
                        </span>
                      </button>
                    </td>
                    <td className="py-1.5 pr-2 pl-1 text-right tabular-nums whitespace-nowrap text-ink-800 sm:pr-3">
                      {formatInr(rupeesToPaise(size.price))}
                    </td>
                  </tr>
                );
              })}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
