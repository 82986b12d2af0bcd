import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatInr, frameSellingPricePaise, rupeesToPaise, type Frame, type FrameSet } from '@framewala/domain';
import { CheckIcon } from '../../components/icons';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { useFrameSets } from '../../lib/catalogue/catalogue-api';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import type { PrintSize } from '../../lib/order-draft/draft-choices';
import { frameImageUrls } from '../../components/frame-parts';
import { prefetchImages } from '../../components/image-cache';
import { BackButton, LoadError, LoadingRows, NextButton, StepActions, StepHeading } from './step-ui';

/** Runs `task` when the browser is idle (or soon, where requestIdleCallback is missing); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

const warm = (frame: Frame | undefined) => () => {
  if (frame) prefetchImages(frameImageUrls(frame));
};

type FrameStepProps = {
  draft: OrderDraft;
  print: PrintSize | null;
  onOpenSet: (set: FrameSet) => void;
  onChooseFrame: (set: FrameSet, frame: Frame) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 3: the frame sets (one per moulding width) and, once a set is open, its finishes as round tiles. */
export function FrameStep({ draft, print, onOpenSet, onChooseFrame, onBack, onNext }: FrameStepProps) {
  const { t } = useLingui();
  const sets = useFrameSets();
  const openSet = sets.data?.find((s) => s._id === draft.openFrameSetId) ?? null;
  const chosenSet = sets.data?.find((s) => s._id === draft.frameSetId) ?? null;
  const hasFrame = chosenSet?.frames.some((f) => f._id === draft.frameId) ?? false;

  // Images are fetched and decoded ahead of the click, so the preview can change in the next frame: the first
  // finish of every set as soon as the sets are known, all finishes of a set once it is open, and whatever the
  // pointer or the keyboard focus rests on.
  const setList = sets.data;
  useEffect(() => {
    if (!setList) return;
    const firsts = setList.flatMap((s) => (s.frames[0] ? frameImageUrls(s.frames[0]) : []));
    return whenIdle(() => prefetchImages(firsts));
  }, [setList]);
  useEffect(() => {
    if (openSet) prefetchImages(openSet.frames.flatMap(frameImageUrls));
  }, [openSet]);

  const openSetName = openSet ? catalogueText(openSet.frameName, openSet.frameNameHi) : '';
  return (
    <>
      <StepHeading
        eyebrow={t`Step 2 of 4 · Frame`}
        title={t`Pick your frame design`}
        hint={
          openSet ? t`Choose a finish for the ${openSetName} moulding.` : t`Each set is one moulding width; open it to see its finishes.`
        }
      />
      {sets.isPending ? (
        <LoadingRows label={t`Loading frames`} />
      ) : sets.isError ? (
        <LoadError message={t`We couldn’t load the frames. Please check your connection.`} onRetry={() => void sets.refetch()} />
      ) : openSet ? (
        <OpenSet
          set={openSet}
          print={print}
          chosenId={draft.frameSetId === openSet._id ? draft.frameId : null}
          onChoose={(f) => onChooseFrame(openSet, f)}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3" aria-label={t`Frame sets`}>
          {sets.data.map((set) => (
            <li key={set._id}>
              <SetCard set={set} print={print} chosen={set._id === draft.frameSetId && hasFrame} onOpen={() => onOpenSet(set)} />
            </li>
          ))}
        </ul>
      )}
      <StepActions>
        <BackButton onClick={onBack} />
        <NextButton onClick={onNext} disabled={!hasFrame}>
          <Trans>Next: Select Motif Size</Trans>
        </NextButton>
      </StepActions>
    </>
  );
}

function setPrice(set: FrameSet, print: PrintSize | null): string | null {
  if (!print) return null;
  return formatInr(frameSellingPricePaise(print.widthIn, print.heightIn, rupeesToPaise(set.framePrice)));
}

function SetThumbnail({ set }: { set: FrameSet }) {
  const [broken, setBroken] = useState(false);
  if (!set.thumbnailUrl || broken) {
    // Fallback: a plain drawn frame, its moulding as wide as the set's.
    const edge = Math.round(4 + 4 * set.sizeInInches);
    return (
      <span data-fallback="" className="relative block aspect-square w-full overflow-hidden rounded-lg bg-sand" aria-hidden="true">
        <span
          className="absolute inset-[16%] bg-white shadow-[0_6px_14px_-6px_rgba(0,0,0,0.5)]"
          style={{ border: `${edge}px solid var(--color-wood-700)` }}
        />
      </span>
    );
  }
  return (
    <img
      src={set.thumbnailUrl}
      alt=""
      loading="lazy"
      onError={() => setBroken(true)}
      className="block aspect-square w-full rounded-lg bg-sand object-cover"
    />
  );
}

function SetCard({ set, print, chosen, onOpen }: { set: FrameSet; print: PrintSize | null; chosen: boolean; onOpen: () => void }) {
  const { t } = useLingui();
  const price = setPrice(set, print);
  const name = catalogueText(set.frameName, set.frameNameHi);
  const moulding = set.sizeInInches;
  const described = price ? t`${name}, ${moulding} in moulding, ${price}` : t`${name}, ${moulding} in moulding`;
  return (
    <button
      type="button"
      onClick={onOpen}
      onPointerEnter={warm(set.frames[0])}
      onFocus={warm(set.frames[0])}
      aria-label={chosen ? t`${described}, chosen` : described}
      className={`group relative flex h-full w-full flex-col rounded-xl border bg-white p-2 text-left transition-all hover:-translate-y-0.5 hover:shadow-md ${
        chosen ? 'border-saffron-500 ring-2 ring-saffron-200' : 'border-ink-100 hover:border-saffron-300'
      }`}
    >
      <SetThumbnail set={set} />
      <span className="mt-2 block px-1 font-semibold leading-snug text-ink-900">{name}</span>
      <span className="flex items-baseline justify-between gap-2 px-1 pb-1 text-sm">
        <span className="text-ink-600 tabular-nums">
          <Trans>{moulding} in</Trans>
        </span>
        {price ? <span className="font-semibold text-ink-900 tabular-nums">{price}</span> : null}
      </span>
      {chosen ? (
        <span className="absolute top-3 right-3 flex h-6 w-6 items-center justify-center rounded-full bg-saffron-700 text-white shadow">
          <CheckIcon className="h-4 w-4" />
        </span>
      ) : null}
    </button>
  );
}

function OpenSet({
  set,
  print,
  chosenId,
  onChoose,
}: {
  set: FrameSet;
  print: PrintSize | null;
  chosenId: string | null;
  onChoose: (frame: Frame) => void;
}) {
  const price = setPrice(set, print);
  const chosen = set.frames.find((f) => f._id === chosenId) ?? null;
  const moulding = set.sizeInInches;
  const category = chosen ? catalogueText(chosen.frameCategory, chosen.frameCategoryHi) : '';
  const description = chosen ? catalogueText(chosen.frameDescription, chosen.frameDescriptionHi) : '';
  return (
    <div>
      <div className="flex items-center gap-3 rounded-xl border border-ink-100 bg-cream p-2.5">
        <span className="w-16 shrink-0">
          <SetThumbnail set={set} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-ink-900">{catalogueText(set.frameName, set.frameNameHi)}</span>
          <span className="block text-sm text-ink-600">
            <Trans>{moulding} in moulding</Trans>
          </span>
        </span>
        {price ? <span className="pr-1 font-semibold text-ink-900 tabular-nums">{price}</span> : null}
      </div>
      <fieldset className="mt-5">
        <legend className="mb-3 text-sm font-semibold text-ink-800">
          <Trans>Finish</Trans>
        </legend>
        <div className="grid grid-cols-3 gap-x-2 gap-y-4 sm:grid-cols-4 lg:grid-cols-3 xl:grid-cols-4" data-testid="finish-tiles">
          {set.frames.map((frame) => {
            const selected = frame._id === chosenId;
            return (
              <button
                key={frame._id}
                type="button"
                aria-pressed={selected}
                data-frame-id={frame._id}
                onPointerEnter={warm(frame)}
                onFocus={warm(frame)}
                onClick={() => onChoose(frame)}
                className="group flex flex-col items-center gap-2 rounded-xl px-1 py-1.5 text-center"
              >
                <span
                  className={`relative block h-16 w-16 rounded-full bg-ink-100 shadow-[inset_0_0_0_1px_rgba(0,0,0,0.12),0_3px_8px_-3px_rgba(0,0,0,0.45)] transition-transform group-hover:scale-105 ${
                    selected ? 'ring-3 ring-saffron-600 ring-offset-3 ring-offset-white' : ''
                  }`}
                  style={{ backgroundImage: `url("${frame.topLeft}")`, backgroundSize: 'cover', backgroundPosition: 'center' }}
                  aria-hidden="true"
                />
                <span className={`text-sm leading-tight ${selected ? 'font-semibold text-saffron-900' : 'text-ink-800'}`}>
                  {catalogueText(frame.frameName, frame.frameNameHi)}
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
      {chosen ? (
        <p className="mt-4 rounded-lg bg-cream px-3 py-2 text-sm leading-relaxed text-ink-600">
          <Trans>
            <span className="font-semibold text-ink-800">Frame category: {category}.</span> {description}
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
