import { useState } from 'react';
import { Link } from 'react-router';
import { customSizeName, formatMeasure } from '@framewala/domain';
import { primaryButton } from '../../components/button-styles';
import { useFrameSets } from '../../lib/catalogue';
import { useOrderDraft } from '../../lib/order-storage';
import { comparisonSizes, framedPiece, orderPrintSize, type PieceSize } from './framed-piece';
import { ArView } from './ar-view';
import { OwnWallView } from './own-wall-view';
import { RoomView } from './room-view';

type View = 'room' | 'own' | 'ar';
const VIEWS: { id: View; label: string }[] = [
  { id: 'room', label: 'In a room' },
  { id: 'own', label: 'On your wall' },
  { id: 'ar', label: 'In AR' },
];

const sizeLabel = (s: PieceSize) => `${formatMeasure(s.widthIn)} × ${formatMeasure(s.heightIn)}`;

/** `/see-it-on-a-wall`: the order's framed piece at true scale in drawn rooms. */
export function WallPage() {
  const draft = useOrderDraft();
  const sets = useFrameSets();
  const orderSize = draft ? orderPrintSize(draft) : null;
  const [tried, setTried] = useState<PieceSize | null>(null);
  const [view, setView] = useState<View>('room');

  if (!draft || !orderSize) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
        <title>See it on a wall — Framewala</title>
        <h1 className="text-[2rem] font-semibold">See it on a wall</h1>
        <p className="mt-4 text-lg text-ink-600">Choose your photo and its size first, then see the frame on a wall at its real size.</p>
        <Link to={draft ? '/edit-photo' : '/'} className={`${primaryButton} mt-8`}>
          {draft ? 'Back to the editor' : 'Start framing'}
        </Link>
      </div>
    );
  }

  const size = tried ?? orderSize;
  const piece = framedPiece(draft, sets.data, size);
  const sizes = [orderSize, ...comparisonSizes(orderSize).filter((s) => s.widthIn !== orderSize.widthIn || s.heightIn !== orderSize.heightIn)];
  const sizeKey = customSizeName(size.widthIn, size.heightIn);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-5 pb-14 sm:px-6 lg:pt-8">
      <title>See it on a wall — Framewala</title>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">True to size</p>
          <h1 className="mt-1 text-[1.7rem] leading-tight font-semibold sm:text-[2rem]">See it on a wall</h1>
        </div>
        <Link to="/edit-photo" className="text-sm font-semibold text-saffron-800 underline-offset-4 hover:underline">
          ← Back to the editor
        </Link>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <section aria-label={VIEWS.find((v) => v.id === view)?.label} className="min-w-0">
          <div role="tablist" aria-label="Where to see it" className="mb-4 inline-flex rounded-xl border border-ink-200 bg-white p-1 shadow-sm">
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
                {v.label}
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
          <h2 className="text-lg font-semibold">Your frame</h2>
          <p className="mt-1 text-sm text-ink-600">
            {piece.frameName ? `${piece.frameName} frame` : 'No frame chosen yet'}
            {piece.borderIn > 0 ? `, ${piece.borderIn} in white border` : ''}
          </p>
          <h3 className="mt-5 text-sm font-semibold text-ink-800">Compare print sizes</h3>
          <div role="group" aria-label="Print size" className="mt-2 flex flex-wrap gap-2">
            {sizes.map((s, i) => {
              const active = s.widthIn === size.widthIn && s.heightIn === size.heightIn;
              return (
                <button
                  key={sizeLabel(s)}
                  type="button"
                  aria-pressed={active}
                  data-size={customSizeName(s.widthIn, s.heightIn)}
                  onClick={() => setTried(i === 0 ? null : s)}
                  className={`rounded-lg border px-3 py-1.5 text-sm tabular-nums transition ${
                    active ? 'border-saffron-700 bg-saffron-50 font-semibold text-saffron-900' : 'border-ink-200 bg-white text-ink-700 hover:border-saffron-400'
                  }`}
                >
                  {sizeLabel(s)} in{i === 0 ? ' · yours' : ''}
                </button>
              );
            })}
          </div>
          <p className="mt-3 text-xs text-ink-500">Trying a size here doesn’t change your order.</p>
        </aside>
      </div>
    </div>
  );
}
