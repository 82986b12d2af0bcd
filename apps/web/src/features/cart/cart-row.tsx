import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatInr, MAX_QUANTITY, MIN_QUANTITY, type Frame, type FrameSet } from '@framewala/domain';
import { secondaryButton } from '../../components/button-styles';
import { FramedPrint } from '../../components/framed-print';
import { useFrameArt } from '../../components/use-frame-art';
import { inchesOf, lineSizeText } from '../../lib/print-texts';
import { showToast } from '../../components/toast-store';
import type { CartItem } from './cart-items';
import { useCartLineActions } from './use-cart';
import { draftForEdit, openInEditor } from './edit-line';

function findFrame(sets: readonly FrameSet[] | undefined, id: string): Frame | null {
  for (const set of sets ?? []) {
    const frame = set.frames.find((f) => f._id === id);
    if (frame) return frame;
  }
  return null;
}

/** The framed preview, small: the photo's thumbnail in its moulding and border, at its true proportions. */
function FramedThumb({ item, sets }: { item: CartItem; sets: readonly FrameSet[] | undefined }) {
  const frame = findFrame(sets, item.frameId);
  const art = useFrameArt(frame);
  const box = 104;
  if (!item.thumbnailUrl || !item.widthIn || !item.heightIn) {
    return <div className="h-[104px] w-[104px] shrink-0 rounded-xl bg-sand" aria-hidden="true" />;
  }
  const mouldingIn = item.mouldingIn ?? 0;
  const outerW = item.widthIn + 2 * (item.borderIn + mouldingIn);
  const outerH = item.heightIn + 2 * (item.borderIn + mouldingIn);
  const pxPerIn = (box - 12) / Math.max(outerW, outerH);
  // The thumbnail is of the printed photo (already cropped): its proportions are the print's.
  const photo = { url: item.thumbnailUrl, width: item.widthIn * 100, height: item.heightIn * 100 };
  return (
    <div className="flex h-[104px] w-[104px] shrink-0 items-center justify-center rounded-xl bg-sand/70" data-testid="framed-thumb">
      <FramedPrint
        photo={photo}
        crop={{ x: 0, y: 0, width: photo.width, height: photo.height }}
        frame={frame}
        art={art}
        widthIn={item.widthIn}
        heightIn={item.heightIn}
        borderIn={item.borderIn}
        mouldingIn={mouldingIn}
        pxPerIn={pxPerIn}
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS shadow, never shown
        shadow="0 6px 10px -6px rgba(30,22,16,0.55)"
      />
    </div>
  );
}

export function CartRow({ item, sets }: { item: CartItem; sets: readonly FrameSet[] | undefined }) {
  const { t } = useLingui();
  const actions = useCartLineActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<{ ok: true } | { ok: false; message: string }>) => {
    setBusy(true);
    setError(null);
    const result = await action();
    setBusy(false);
    if (!result.ok) setError(result.message);
    return result.ok;
  };

  const edit = async () => {
    setBusy(true);
    setError(null);
    const draft = await draftForEdit(item, sets);
    setBusy(false);
    if (!draft) {
      setError(t`This photo can no longer be opened. Please remove it and upload it again.`);
      return;
    }
    openInEditor(item, draft);
    void navigate('/edit-photo');
  };

  const size = item.sizeName ? lineSizeText(item.sizeName, item.custom) : '—';
  const border = item.borderIn > 0 ? `${item.borderName ?? t`White border`} · ${inchesOf(item.borderIn)}` : t`None`;
  const unitPrice = item.unitPaise !== null ? formatInr(item.unitPaise) : null;
  const q = item.quantity;
  return (
    <li
      className={`rounded-3xl border bg-white p-4 shadow-sm shadow-ink-900/5 sm:p-5 ${item.problem ? 'border-red-300' : 'border-ink-100'}`}
      data-testid="cart-line"
      aria-busy={busy || undefined}
    >
      <div className="flex gap-4">
        <FramedThumb item={item} sets={sets} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 className="font-sans text-[1.05rem] font-semibold text-ink-900">{item.frameName ?? t`Frame no longer offered`}</h2>
            <p className="m-0 font-semibold text-ink-900 tabular-nums" data-testid="line-price">
              {item.linePaise !== null ? formatInr(item.linePaise) : '—'}
            </p>
          </div>
          <dl className="mt-1.5 grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-ink-500">
              <Trans>Size</Trans>
            </dt>
            <dd className="m-0 text-ink-800">{size}</dd>
            <dt className="text-ink-500">
              <Trans>Border</Trans>
            </dt>
            <dd className="m-0 text-ink-800">{border}</dd>
            <dt className="text-ink-500">
              <Trans>Price</Trans>
            </dt>
            <dd className="m-0 text-ink-800 tabular-nums">{unitPrice !== null ? t`${unitPrice} each` : '—'}</dd>
          </dl>
        </div>
      </div>
      {item.problem ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800" data-testid="line-problem">
          {item.problem}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-3">
        <div role="group" aria-label={t`Quantity`} className="inline-flex items-center rounded-full border border-ink-200 bg-white p-0.5">
          <button
            type="button"
            aria-label={t`Decrease quantity`}
            disabled={busy || q <= MIN_QUANTITY}
            onClick={() => void run(() => actions.setQuantity(item, q - 1))}
            className="flex h-10 w-10 items-center justify-center rounded-full text-xl text-ink-800 hover:bg-ink-100 disabled:cursor-not-allowed disabled:opacity-35"
          >
            −
          </button>
          <output aria-live="polite" className="w-9 text-center font-semibold tabular-nums" data-testid="line-quantity">
            {q}
          </output>
          <button
            type="button"
            aria-label={t`Increase quantity`}
            disabled={busy || q >= MAX_QUANTITY}
            onClick={() => void run(() => actions.setQuantity(item, q + 1))}
            className="flex h-10 w-10 items-center justify-center rounded-full text-xl text-ink-800 hover:bg-ink-100 disabled:cursor-not-allowed disabled:opacity-35"
          >
            +
          </button>
        </div>
        <div className="flex gap-2">
          <button type="button" disabled={busy} onClick={() => void edit()} className={`${secondaryButton} px-4 py-2`}>
            <Trans>Edit</Trans>
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void run(() => actions.remove(item)).then((ok) => {
                if (ok) showToast(t`Removed from your cart`);
              })
            }
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-ink-600 hover:bg-red-50 hover:text-red-800 disabled:opacity-50"
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </div>
    </li>
  );
}
