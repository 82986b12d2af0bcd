import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY, type Frame, type FrameSet } from '@framewala/domain';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { CouponField } from '../../components/coupon-field';
import { couponProblemText } from '../../lib/coupon-api';
import { DeliveryEstimateView } from '../../components/delivery-estimate';
import { useDeliveryQuote } from '../../lib/delivery-quote';
import { FramedPrint } from '../../components/framed-print';
import { ArrowRightIcon, ShieldCheckIcon } from '../../components/icons';
import { useFrameArt } from '../../components/use-frame-art';
import { pruneDrafts, updateLocalCart } from '../../lib/cart';
import { useFrameSets } from '../../lib/catalogue';
import { errorText } from '../../lib/error-messages';
import { customInchesText, inchesOf } from '../../lib/print-texts';
import { showToast } from '../../lib/toast-store';
import { useCart, useCartActions, type CartItem } from '../../lib/use-cart';
import { draftForEdit, openInEditor } from './edit-line';

/** `/addtocart`: every framed photo in the cart, its quantity and price, shipping, the total and the way to pay. */
export function CartPage() {
  const { t } = useLingui();
  const cart = useCart();
  const sets = useFrameSets();
  const serverIds = cart.server?.lines.map((l) => l.clientLineId);

  // Forget the editor orders of lines no longer in the server cart (ordered, or removed on another device).
  const serverKey = serverIds?.join('|');
  useEffect(() => {
    if (serverIds) updateLocalCart((c) => pruneDrafts(c, serverIds));
    // serverKey stands for serverIds' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey]);

  let body;
  if (!cart.ready) {
    body = (
      <p role="status" className="rounded-3xl border border-ink-100 bg-white px-6 py-10 text-ink-600">
        <Trans>Loading your cart…</Trans>
      </p>
    );
  } else if (cart.error && cart.items.length === 0) {
    body = (
      <p role="alert" className="rounded-3xl border border-ink-100 bg-white px-6 py-10 text-red-700">
        {errorText(cart.error, t`We could not load your cart. Please reload the page.`)}
      </p>
    );
  } else if (cart.items.length === 0) {
    body = <EmptyCart />;
  } else {
    body = <CartContents cart={cart} sets={sets.data} />;
  }

  return (
    <div className="bg-gradient-to-b from-sand/70 to-cream">
      <title>{t`Your cart — Framewala`}</title>
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12">
        <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">
          <Trans>Cart</Trans>
        </p>
        <h1 className="mt-1 text-[2rem] leading-tight font-semibold">
          <Trans>Your cart</Trans>
        </h1>
        <div className="mt-6">{body}</div>
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <section
      className="rounded-3xl border border-ink-100 bg-white px-6 py-12 text-center shadow-sm shadow-ink-900/5"
      data-testid="empty-cart"
    >
      <h2 className="text-[1.45rem] font-semibold">
        <Trans>Your cart is empty</Trans>
      </h2>
      <p className="mx-auto mt-2 max-w-md text-ink-600">
        <Trans>Upload a photo, choose its size, frame and border, then add it to your cart.</Trans>
      </p>
      <Link to="/?upload=1" className={`${primaryButton} mt-6 px-7`}>
        <Trans>Upload a photo</Trans>
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}

function CartContents({ cart, sets }: { cart: ReturnType<typeof useCart>; sets: readonly FrameSet[] | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const delivery = useDeliveryQuote(cart.subtotalPaise, cart.maxOuterInches);
  const shippingPaise = delivery.quote.data?.shippingPaise ?? null;
  // A coupon is kept with the account's cart and priced by the server; signed out, the field asks to sign in first.
  const discountPaise = cart.server?.discountPaise ?? 0;
  const totalPaise = cart.subtotalPaise + (shippingPaise ?? 0) - discountPaise;
  const actions = useCartActions();
  const blocked = cart.items.filter((i) => i.problem !== null).length;
  const lines = cart.items.length;
  const items = cart.itemCount;
  const shippingText =
    shippingPaise === null
      ? delivery.quote.isFetching
        ? t`Calculating…`
        : t`Enter your pincode`
      : shippingPaise === 0
        ? t`Free`
        : formatInr(shippingPaise);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
      <section aria-label={t`Framed photos in your cart`} className="min-w-0">
        <ul className="flex flex-col gap-4" data-testid="cart-lines">
          {cart.items.map((item) => (
            <CartRow key={item.key} item={item} sets={sets} />
          ))}
        </ul>
        <p className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600">
          <span>
            {t`${plural(lines, {
              one: `# of ${MAX_CART_LINES} framed photos · ${MIN_QUANTITY}–${MAX_QUANTITY} of each`,
              other: `# of ${MAX_CART_LINES} framed photos · ${MIN_QUANTITY}–${MAX_QUANTITY} of each`,
            })}`}
          </span>
          {cart.items.length < MAX_CART_LINES ? (
            <Link to="/?upload=1" className={textLink}>
              <Trans>Upload another photo</Trans>
            </Link>
          ) : null}
        </p>
      </section>

      <aside
        aria-label={t`Order total`}
        className="rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-6 lg:sticky lg:top-28"
      >
        <h2 className="text-xl font-semibold">
          <Trans>Order total</Trans>
        </h2>
        <dl className="mt-4 flex flex-col gap-2 text-[0.95rem] tabular-nums" data-testid="cart-totals">
          <Row term={t`Subtotal (${plural(items, { one: '# item', other: '# items' })})`} value={formatInr(cart.subtotalPaise)} />
          <Row term={t`Shipping`} value={shippingText} />
          {discountPaise > 0 ? <Row term={t`Total Price (Discount)`} value={`−${formatInr(discountPaise)}`} /> : null}
          <div className="mt-1 flex items-baseline justify-between border-t border-ink-100 pt-3">
            <dt className="text-lg font-semibold text-ink-900">
              <Trans>Total</Trans>
            </dt>
            <dd className="m-0 font-serif text-[1.8rem] leading-tight font-semibold text-ink-900" data-testid="cart-total">
              {formatInr(totalPaise)}
            </dd>
          </div>
        </dl>
        <p className="mt-1 text-sm text-ink-500">
          <Trans>Prices include taxes.</Trans>
        </p>
        {cart.server ? (
          <CouponField
            applied={cart.server.coupon ? { ...cart.server.coupon, discountPaise } : null}
            onApply={actions.applyCoupon}
            onRemove={() => void actions.removeCoupon().catch(() => undefined)}
            problem={couponProblemText(cart.server)}
          />
        ) : (
          <p className="mt-4 text-sm text-ink-600">
            <Trans>Have a coupon code? Apply it at checkout, after signing in.</Trans>
          </p>
        )}
        <DeliveryEstimateView delivery={delivery} />
        {blocked > 0 ? (
          <p role="alert" className="mt-4 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {t`${plural(blocked, {
              one: 'One photo cannot be ordered as it is. Edit or remove it to check out.',
              other: '# photos cannot be ordered as they are. Edit or remove them to check out.',
            })}`}
          </p>
        ) : null}
        <button
          type="button"
          disabled={!cart.payable}
          onClick={() => void navigate('/checkout?cart=1')}
          className={`${primaryButton} mt-5 w-full`}
        >
          <Trans>Proceed to Checkout</Trans>
          <ArrowRightIcon className="h-4 w-4" />
        </button>
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-600">
          <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          {cart.signedIn ? (
            <Trans>One payment for the whole cart.</Trans>
          ) : (
            <Trans>One payment for the whole cart. You will sign in before paying; your cart comes with you.</Trans>
          )}
        </p>
      </aside>
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-ink-600">{term}</dt>
      <dd className="m-0 font-medium text-ink-900">{value}</dd>
    </div>
  );
}

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

function CartRow({ item, sets }: { item: CartItem; sets: readonly FrameSet[] | undefined }) {
  const { t } = useLingui();
  const actions = useCartActions();
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

  const size = item.sizeName ? (item.custom ? customInchesText(item.sizeName) : inchesOf(item.sizeName)) : '—';
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
