import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { customSizeName, formatMeasure } from '@framewala/domain';
import { primaryButton } from '../../components/button-styles';
import { useFrameSets } from '../../lib/catalogue/catalogue-api';
import { useOrderDraft } from '../../lib/order-draft/order-draft';
import { comparisonSizes, framedPiece, orderPrintSize, type PieceSize } from './framed-piece';
import { ArView } from './ar-view';
import { OwnWallView } from './own-wall-view';
import { RoomView } from './room-view';
import { inchesText } from '../../lib/print-texts';

type View = 'room' | 'own' | 'ar';
const VIEWS: { id: View; label: MessageDescriptor }[] = [
  { id: 'room', label: msg`In a room` },
  { id: 'own', label: msg`On your wall` },
  { id: 'ar', label: msg`In AR` },
];

/** `/see-it-on-a-wall`: the order's framed piece at true scale in drawn rooms. */
export function WallPage() {
  const { t, i18n } = useLingui();
  const draft = useOrderDraft();
  const sets = useFrameSets();
  const orderSize = draft ? orderPrintSize(draft) : null;
  const [tried, setTried] = useState<PieceSize | null>(null);
  const [view, setView] = useState<View>('room');

  if (!draft || !orderSize) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
        <title>{t`See it on a wall — Framewala`}</title>
        <h1 className="text-[2rem] font-semibold">
          <Trans>See it on a wall</Trans>
        </h1>
        <p className="mt-4 text-lg text-ink-600">
          <Trans>Choose your photo and its size first, then see the frame on a wall at its real size.</Trans>
        </p>
        <Link to={draft ? '/edit-photo' : '/'} className={`${primaryButton} mt-8`}>
          {draft ? <Trans>Back to the editor</Trans> : <Trans>Start framing</Trans>}
        </Link>
      </div>
    );
  }

  const size = tried ?? orderSize;
  const piece = framedPiece(draft, sets.data, size);
  const sizes = [
    orderSize,
    ...comparisonSizes(orderSize).filter((s) => s.widthIn !== orderSize.widthIn || s.heightIn !== orderSize.heightIn),
  ];
  const sizeKey = customSizeName(size.widthIn, size.heightIn);
  const frameName = piece.frameName;
  const border = formatMeasure(piece.borderIn);
  const frameText = frameName
    ? piece.borderIn > 0
      ? t`${frameName} frame, ${border} in white border`
      : t`${frameName} frame`
    : t`No frame chosen yet`;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-5 pb-14 sm:px-6 lg:pt-8">
      <title>{t`See it on a wall — Framewala`}</title>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">
            <Trans>True to size</Trans>
          </p>
          <h1 className="mt-1 text-[1.7rem] leading-tight font-semibold sm:text-[2rem]">
            <Trans>See it on a wall</Trans>
          </h1>
        </div>
        <Link to="/edit-photo" className="text-sm font-semibold text-saffron-800 underline-offset-4 hover:underline">
          <Trans>← Back to the editor</Trans>
        </Link>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <section aria-label={i18n._(VIEWS.find((v) => v.id === view)!.label)} className="min-w-0">
          <div
            role="tablist"
            aria-label={t`Where to see it`}
            className="mb-4 inline-flex rounded-xl border border-ink-200 bg-white p-1 shadow-sm"
          >
            {VIEWS.map((v) => (
              <button
                key={v.id}
                type="button"
                role="tab"
                aria-selected={view === v.id}
                data-view={v.id}
                onClick={() => setView(v.id)}
                className={`rounded-lg px-4 py-2 text-sm font-semibold transition ${view === v.id ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-ink-50'}`}
              >
                {i18n._(v.label)}
              </button>
            ))}
          </div>
          {view === 'room' ? (
            <RoomView piece={piece} sizeKey={sizeKey} />
          ) : view === 'own' ? (
            <OwnWallView piece={piece} />
          ) : (
            <ArView piece={piece} photoId={draft.photo._id} borderLevel={draft.borderLevel} frameId={piece.frame?._id ?? null} />
          )}
        </section>
        <aside className="min-w-0 rounded-2xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5">
          <h2 className="text-lg font-semibold">
            <Trans>Your frame</Trans>
          </h2>
          <p className="mt-1 text-sm text-ink-600">{frameText}</p>
          <h3 className="mt-5 text-sm font-semibold text-ink-800">
            <Trans>Compare print sizes</Trans>
          </h3>
          <div role="group" aria-label={t`Print size`} className="mt-2 flex flex-wrap gap-2">
            {sizes.map((s, i) => {
              const active = s.widthIn === size.widthIn && s.heightIn === size.heightIn;
              const name = customSizeName(s.widthIn, s.heightIn);
              const inches = inchesText(s.widthIn, s.heightIn);
              return (
                <button
                  key={name}
                  type="button"
                  aria-pressed={active}
                  data-size={name}
                  onClick={() => setTried(i === 0 ? null : s)}
                  className={`rounded-lg border px-3 py-1.5 text-sm tabular-nums transition ${
                    active
                      ? 'border-saffron-700 bg-saffron-50 font-semibold text-saffron-900'
                      : 'border-ink-200 bg-white text-ink-700 hover:border-saffron-400'
                  }`}
                >
                  {i === 0 ? t`${inches} · yours` : inches}
                </button>
              );
            })}
          </div>
          <p className="mt-3 text-xs text-ink-500">
            <Trans>Trying a size here doesn’t change your order.</Trans>
          </p>
        </aside>
      </div>
    </div>
  );
}
