import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useReducer } from 'react';
import { Link } from 'react-router';
import {
  formatInr,
  formatMeasure,
  frameSellingPricePaise,
  previewLayout,
  rupeesToPaise,
  type Frame,
  type FrameSet,
} from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { Moulding } from '../../components/frame-moulding';
import { frameImageUrls, readyArt, type FramePartName } from '../../components/frame-parts';
import { PageShell } from '../../components/page-shell';
import { useFrameSets } from '../../lib/catalogue/catalogue-api';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { decodeAll } from '../../components/image-cache';

/** The sample drawn for every finish: a 10 × 8 in print, as the cheapest common size a customer compares on. */
const SAMPLE = { widthIn: 10, heightIn: 8 } as const;

const MAT_COLOUR = '#f8f6f1';

/**
 * The eight pieces' names, keyed in the order they sit around the photo (rows of a 3 × 3 grid, the photo in the
 * middle); a piece without a name fails typecheck.
 */
const PIECE_LABELS: Record<FramePartName, MessageDescriptor> = {
  topLeft: msg`Top left corner`,
  sideUp: msg`Top side`,
  topRight: msg`Top right corner`,
  sideLeft: msg`Left side`,
  sideRight: msg`Right side`,
  bottomLeft: msg`Bottom left corner`,
  sideDown: msg`Bottom side`,
  bottomRight: msg`Bottom right corner`,
};
const PIECES = Object.keys(PIECE_LABELS) as FramePartName[];

/**
 * /edit-frame without an order in progress: every frame set (one moulding width and its rate) and every finish,
 * drawn true to scale from its eight pieces the way the editor's preview draws it, with the pieces themselves.
 */
export function FrameGalleryPage() {
  const { t } = useLingui();
  const sets = useFrameSets();
  return (
    <PageShell
      title={t`Frame designs`}
      eyebrow={t`Frame gallery`}
      width="wide"
      intro={
        <p>
          <Trans>
            Every moulding we make, with its finishes. Each frame is drawn from the same eight pieces your preview uses: four mitred corners
            and four sides. Prices are for the print and frame together, by the square inch.
          </Trans>
        </p>
      }
      meta={
        <Link to="/" className={primaryButton}>
          <Trans>Start framing</Trans>
        </Link>
      }
    >
      {sets.isPending ? (
        <div role="status" aria-label={t`Loading frames`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-64 animate-pulse rounded-2xl bg-ink-100/70" />
          ))}
        </div>
      ) : sets.isError ? (
        <div role="alert" className="rounded-2xl border border-saffron-200 bg-saffron-50 p-5 text-saffron-900">
          <p>
            <Trans>We couldn’t load the frames. Please check your connection.</Trans>
          </p>
          <button type="button" onClick={() => void sets.refetch()} className={`${secondaryButton} mt-3`}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : sets.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-ink-200 bg-white px-5 py-8 text-ink-600">
          <Trans>No frames are on sale right now.</Trans>
        </p>
      ) : (
        <div className="space-y-14">
          {sets.data.map((set) => (
            <FrameSetSection key={set._id} set={set} />
          ))}
        </div>
      )}
    </PageShell>
  );
}

function FrameSetSection({ set }: { set: FrameSet }) {
  const headingId = `frame-set-${set._id}`;
  const rate = rupeesToPaise(set.framePrice);
  const sample = formatInr(frameSellingPricePaise(SAMPLE.widthIn, SAMPLE.heightIn, rate));
  const moulding = formatMeasure(set.sizeInInches);
  const perSqIn = formatInr(rate);
  const finishCount = set.frames.length;
  const printWidth = SAMPLE.widthIn;
  const printHeight = SAMPLE.heightIn;
  return (
    <section aria-labelledby={headingId} data-testid="frame-set">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b border-ink-100 pb-3">
        <div>
          <h2 id={headingId} className="text-[1.6rem] leading-tight font-semibold">
            {catalogueText(set.frameName, set.frameNameHi)}
          </h2>
          <p className="mt-1 text-ink-600">
            <span data-testid="moulding-width">
              <Trans>{moulding} in moulding</Trans>
            </span>{' '}
            · <Plural value={finishCount} one="# finish" other="# finishes" />
          </p>
        </div>
        <p className="text-ink-700 sm:text-right">
          <span className="font-semibold text-ink-900 tabular-nums" data-testid="frame-rate">
            <Trans>{perSqIn} per sq in</Trans>
          </span>
          <span className="block text-sm text-ink-500">
            <Trans>
              {printWidth} × {printHeight} in print: {sample}
            </Trans>
          </span>
        </p>
      </div>
      <ul className="mt-5 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {set.frames.map((frame) => (
          <li key={frame._id}>
            <FinishCard frame={frame} mouldingIn={set.sizeInInches} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FinishCard({ frame, mouldingIn }: { frame: Frame; mouldingIn: number }) {
  const name = catalogueText(frame.frameName, frame.frameNameHi);
  const description = catalogueText(frame.frameDescription, frame.frameDescriptionHi);
  return (
    <article
      className="flex h-full flex-col rounded-2xl border border-ink-100 bg-white p-4 shadow-sm shadow-ink-900/5"
      data-testid="finish"
      aria-label={name}
    >
      <FrameSample frame={frame} mouldingIn={mouldingIn} />
      <h3 className="mt-4 text-lg font-semibold">{name}</h3>
      <p className="text-sm font-medium text-saffron-800">{catalogueText(frame.frameCategory, frame.frameCategoryHi)}</p>
      {description ? <p className="mt-1 text-sm leading-relaxed text-ink-600">{description}</p> : null}
      <details className="group mt-3 border-t border-ink-100 pt-2">
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-saffron-800 hover:text-saffron-900">
          <Trans>The eight pieces</Trans>
        </summary>
        <FramePieces frame={frame} />
      </details>
    </article>
  );
}

/** The finish's eight images laid out around an empty middle, as they sit around the photo. */
function FramePieces({ frame }: { frame: Frame }) {
  const { i18n } = useLingui();
  const cell = 'flex items-center justify-center rounded-md bg-sand p-1';
  const img = (i: number, className: string) => {
    const part = PIECES[i]!;
    const label = i18n._(PIECE_LABELS[part]);
    return <img src={frame[part]} alt={label} title={label} loading="lazy" className={className} />;
  };
  return (
    <div className="mt-2 grid grid-cols-[3rem_minmax(0,1fr)_3rem] grid-rows-[3rem_5rem_3rem] gap-1.5" data-testid="frame-pieces">
      <div className={cell}>{img(0, 'h-full w-full object-contain')}</div>
      <div className={cell}>{img(1, 'h-full w-full object-cover')}</div>
      <div className={cell}>{img(2, 'h-full w-full object-contain')}</div>
      <div className={cell}>{img(3, 'h-full w-full object-cover')}</div>
      <div className="rounded-md border border-dashed border-ink-200" aria-hidden="true" />
      <div className={cell}>{img(4, 'h-full w-full object-cover')}</div>
      <div className={cell}>{img(5, 'h-full w-full object-contain')}</div>
      <div className={cell}>{img(6, 'h-full w-full object-cover')}</div>
      <div className={cell}>{img(7, 'h-full w-full object-contain')}</div>
    </div>
  );
}

/** The finish drawn around a 10 × 8 in mat, true to scale, with the editor's moulding drawing. */
function FrameSample({ frame, mouldingIn }: { frame: Frame; mouldingIn: number }) {
  const { t } = useLingui();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const sizes = readyArt(frame);
  const urls = frameImageUrls(frame).join('\n');
  useEffect(() => {
    if (sizes) return;
    let live = true;
    decodeAll(urls.split('\n')).then(
      () => live && rerender(),
      () => live && rerender(),
    );
    return () => {
      live = false;
    };
  }, [urls, sizes]);

  const layout = previewLayout({ ...SAMPLE, borderIn: 0, mouldingIn, maxWidthPx: 220, maxHeightPx: 180 });
  const outerW = Math.round(layout.outerWidthPx);
  const outerH = Math.round(layout.outerHeightPx);
  const T = Math.max(1, Math.round(layout.mouldingPx));
  const frameName = catalogueText(frame.frameName, frame.frameNameHi);
  const moulding = formatMeasure(mouldingIn);
  const printWidth = SAMPLE.widthIn;
  const printHeight = SAMPLE.heightIn;
  return (
    <div className="flex items-center justify-center rounded-xl bg-[radial-gradient(ellipse_at_30%_20%,#fdfaf5_0%,#f1e8dc_55%,#e9dccb_100%)] py-6">
      <div
        role="img"
        aria-label={t`${frameName} frame, ${moulding} in moulding, around a ${printWidth} × ${printHeight} in print`}
        data-testid="frame-sample"
        data-drawn={sizes ? 'true' : 'false'}
        className="relative shrink-0"
        style={{ width: outerW, height: outerH, boxShadow: '0 18px 30px -16px rgba(36,29,24,0.55), 0 4px 10px -4px rgba(36,29,24,0.35)' }}
      >
        <div
          className="absolute"
          style={{
            left: T,
            top: T,
            width: outerW - 2 * T,
            height: outerH - 2 * T,
            background: MAT_COLOUR,
            boxShadow: 'inset 2px 3px 5px -1px rgba(0,0,0,0.28), inset -1px -1px 2px rgba(0,0,0,0.08)',
          }}
        />
        {sizes ? (
          <Moulding frame={frame} sizes={sizes} T={T} outerW={outerW} outerH={outerH} />
        ) : (
          <div className="absolute inset-0 animate-pulse" style={{ border: `${T}px solid #cbbba8` }} />
        )}
      </div>
    </div>
  );
}
