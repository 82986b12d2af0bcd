import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatInr, PAYMENT_VERIFIED_MESSAGE, type Cart, type CartOrderBody, type CreateOrderBody } from '@framewala/domain';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon, ShieldCheckIcon, TruckIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { arrivesByText } from '../../lib/delivery-quote';
import { errorText } from '../../lib/error-messages';
import { activeLocale } from '../../lib/i18n';
import { catalogueText } from '../../lib/catalogue-text';
import { borderNameText, customInchesText, framedPhotosText, inchesOf } from '../../lib/print-texts';
import { useSession, type SessionUser } from '../../lib/auth';
import { clearStoredOrder, useOrderDraft, type OrderDraft } from '../../lib/order-storage';
import { useShippingQuote } from '../../lib/shipping';
import { useLocalCart } from '../../lib/cart';
import { useServerCart } from '../../lib/use-cart';
import { applyCartCoupon, cartQueryKey, removeCartCoupon } from '../../lib/cart-api';
import { fetchAddress } from '../../lib/address-api';
import type { SavedAddress } from '@framewala/domain';
import { OrderSteps } from '../../components/order-steps';
import { OrderAside } from '../../components/order-aside';
import { bordersQueryKey, frameSetsQueryKey, useFrameSets, useWhiteBorders } from '../../lib/catalogue';
import { FormAlert } from '../../components/form-controls';
import {
  createOrder,
  fetchPaymentConfig,
  sandboxPay,
  storePaymentError,
  verifyPayment,
  type CreatedOrder,
  type PaymentFailure,
  type PaymentSuccess,
  type SandboxCard,
} from './api';
import { checkoutSummary, createOrderBody, newIdempotencyKey, paymentDescription, type CheckoutSummary } from './checkout-model';
import { loadRazorpay, openRazorpay, PaymentWindowError } from './razorpay';
import { CouponField, type AppliedCoupon } from '../../components/coupon-field';
import { couponProblemText, quoteCoupon } from '../../lib/coupon-api';
import { SandboxDialog } from './sandbox-dialog';

/**
 * Step 6, checkout: the product summary and the total from the domain's prices, then 'Make payment'
 * creates the order on the server (which re-prices it) and opens Razorpay, or the sandbox dialog in development.
 */
export function CheckoutPage() {
  const { t } = useLingui();
  const session = useSession();
  const draft = useOrderDraft();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const user = session?.user ?? null;
  const cartMode = useSearchParams()[0].get('cart') === '1';

  const title = t`Checkout`;
  let body;
  if (cartMode) {
    body = user ? <CartCheckoutStep key={user._id} user={user} /> : <Notice title={title} status={t`Loading your cart…`} />;
  } else if (!draft) {
    body = (
      <Notice title={title}>
        <Trans>
          There is no frame in your order yet.{' '}
          <Link to="/" className={textLink}>
            Upload a photo to start framing
          </Link>
          .
        </Trans>
      </Notice>
    );
  } else if (sets.isPending || borders.isPending || !user) {
    body = <Notice title={title} status={t`Loading your order…`} />;
  } else if (sets.isError || borders.isError) {
    body = (
      <Notice title={title}>
        <Trans>We could not load the frame catalogue. Please check your connection and reload the page.</Trans>
      </Notice>
    );
  } else {
    const summary = checkoutSummary(draft, sets.data, borders.data);
    body = summary ? (
      <CheckoutStep key={user._id} draft={draft} summary={summary} user={user} />
    ) : (
      <Notice title={title}>
        <Trans>
          Your frame is not finished yet: choose a size and a frame first.{' '}
          <Link to="/edit-photo" className={textLink}>
            Back to the editor
          </Link>
          .
        </Trans>
      </Notice>
    );
  }

  return (
    <>
      <title>{t`Checkout — Framewala`}</title>
      <div className="bg-gradient-to-b from-sand/70 to-cream">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-8 pb-14 sm:px-6 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
          <div className="min-w-0">
            <OrderSteps current={2} />
            {body}
          </div>
          <OrderAside />
        </div>
      </div>
    </>
  );
}

function Notice({ title, status, children }: { title: string; status?: string; children?: ReactNode }) {
  return (
    <section className="mt-5 rounded-3xl border border-ink-100 bg-white px-5 py-7 shadow-xl shadow-ink-900/5 sm:px-8 sm:py-9">
      <h1 className="text-[2rem] leading-tight font-semibold">{title}</h1>
      {status ? (
        <p role="status" className="mt-3 text-ink-600">
          {status}
        </p>
      ) : null}
      {children ? <p className="mt-3 text-ink-700">{children}</p> : null}
    </section>
  );
}

/** Why the payment did not start: the error itself, said in the language shown when it is rendered. */
type Problem = { error: unknown; amountPaise?: number; addressMissing?: boolean };

/** A notice after the customer closed a payment window: nothing was charged. */
type PaymentNotice = 'window-closed' | 'sandbox-cancelled';

type SandboxState = { order: CreatedOrder };

type PaymentOptions = {
  user: SessionUser;
  /** The create-order body; a changed body is a new attempt (a new idempotency key). */
  requestBody: CreateOrderBody | CartOrderBody;
  description: string;
  address: SavedAddress | null | undefined;
  /** After a verified payment, before going to /success. */
  onPaid: () => void;
  /** The server's price differs (409): reload what the figures come from. */
  onPriceChanged: () => void;
};

/**
 * 'Make payment': create-order with an idempotency key, then Razorpay (or the sandbox dialog in development), then
 * verify-payment and /success, or /cancel with the provider's reason. Shared by the one-photo and the cart checkout.
 */
function usePayment({ user, requestBody, description, address, onPaid, onPriceChanged }: PaymentOptions) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const [sandbox, setSandbox] = useState<SandboxState | null>(null);
  const inFlight = useRef(false);

  // One key per attempt: the same order body keeps its key (a retry or a double click gives one order); a changed
  // body (another quantity, a corrected price) is a new attempt.
  const bodyText = JSON.stringify(requestBody);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  if (attempt.current?.body !== bodyText) attempt.current = { body: bodyText, key: newIdempotencyKey() };

  const finishPaid = async (order: CreatedOrder, payment: PaymentSuccess) => {
    let ok = false;
    // No description of our own: /cancel says it for the code, in the language it is shown in.
    let failure: PaymentFailure = { code: 'PAYMENT_NOT_VERIFIED', description: '', reason: 'verification_failed' };
    try {
      const verified = await verifyPayment(payment);
      ok = verified.message === PAYMENT_VERIFIED_MESSAGE;
    } catch (error) {
      if (isApiError(error)) failure = { code: error.code, description: error.message, reason: 'verification_failed' };
    }
    if (ok) {
      onPaid();
      void navigate(`/success?order=${encodeURIComponent(order.orderId)}`);
    } else {
      finishFailed(order, failure);
    }
  };

  const finishFailed = (order: CreatedOrder, error: PaymentFailure) => {
    storePaymentError({
      code: error.code ?? 'PAYMENT_FAILED',
      description: error.description ?? '',
      reason: error.reason ?? 'payment_failed',
    });
    void navigate(`/cancel?order=${encodeURIComponent(order.orderId)}`);
  };

  const makePayment = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    const key = attempt.current!.key;
    try {
      const order = await createOrder(requestBody, key);
      const config = await fetchPaymentConfig();
      if (config.provider === 'sandbox') {
        setSandbox({ order });
        return; // the dialog takes over; the button stays disabled while it is open
      }
      const Razorpay = await loadRazorpay();
      const addr = address;
      const outcome = await openRazorpay(Razorpay, {
        key: config.keyId,
        order_id: order.id,
        amount: order.amount,
        currency: order.currency,
        name: config.name,
        description,
        prefill: {
          name: `${user.firstName} ${user.lastName}`.trim() || (addr?.fullName ?? ''),
          email: user.email || (addr?.email ?? ''),
          contact: addr?.phone || user.mobileNumber,
        },
        notes: { orderNumber: order.orderId },
        theme: { color: config.themeColor },
      });
      if (outcome.kind === 'paid') await finishPaid(order, outcome.payment);
      else if (outcome.kind === 'failed') finishFailed(order, outcome.error);
      else setNotice('window-closed');
      if (outcome.kind === 'dismissed') {
        inFlight.current = false;
        setBusy(false);
      }
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      if (isApiError(error) && error.status === 401) return; // on the way to sign in
      if (isApiError(error) && error.code === 'PRICE_MISMATCH') {
        const amount = error.details.amount;
        setProblem({ error, amountPaise: typeof amount === 'number' ? amount : undefined });
        onPriceChanged();
        attempt.current = null;
        return;
      }
      if (isApiError(error) && error.status === 422 && (error.details.field === 'address' || /address/i.test(error.message))) {
        setProblem({ error, addressMissing: true });
        return;
      }
      setProblem({ error });
    }
  };

  const paySandbox = async (card: SandboxCard) => {
    const order = sandbox!.order;
    const result = await sandboxPay(order.id, card);
    if (result.ok) await finishPaid(order, result.payment);
    else finishFailed(order, result.error);
  };

  const closeSandbox = () => {
    setSandbox(null);
    inFlight.current = false;
    setBusy(false);
    setNotice('sandbox-cancelled');
  };

  return { busy, problem, notice, sandbox, makePayment, paySandbox, closeSandbox };
}

function CheckoutStep({ draft, summary, user }: { draft: OrderDraft; summary: CheckoutSummary; user: SessionUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingId = useId();

  // The saved address fills in the payment window's contact (shared with the buyer details page's cache).
  const address = useQuery({
    queryKey: ['account', user._id, 'address'],
    queryFn: () => fetchAddress(user._id),
    retry: false,
    staleTime: 60_000,
  });
  const pincode = address.data?.postalCode ?? null;
  const shipping = useShippingQuote(pincode, summary.price.checkoutPaise, summary.maxOuterInches);
  // Without a saved address there is nothing to ship to yet: create-order asks for one.
  const shippingPending = Boolean(pincode) && shipping.isPending;
  const shippingPaise = shipping.data?.shippingPaise ?? 0;

  // The applied coupon code, priced by the server for these frames and this shipping (and again at create-order).
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const couponQuote = useQuery({
    queryKey: ['coupon-quote', couponCode, summary.price.checkoutPaise, shippingPaise],
    queryFn: () => quoteCoupon({ code: couponCode!, subtotalPaise: summary.price.checkoutPaise, shippingPaise }),
    enabled: couponCode !== null && !shippingPending,
    retry: false,
    staleTime: 60_000,
  });
  const applied: AppliedCoupon | null =
    couponCode === null
      ? null
      : {
          code: couponQuote.data?.coupon.code ?? couponCode,
          summary: couponQuote.data?.coupon.summary ?? '',
          discountPaise: couponQuote.data?.discountPaise ?? 0,
        };
  const discountPaise = applied?.discountPaise ?? 0;
  const applyCoupon = async (code: string) => {
    const quote = await queryClient.fetchQuery({
      queryKey: ['coupon-quote', code.trim().toUpperCase(), summary.price.checkoutPaise, shippingPaise],
      queryFn: () => quoteCoupon({ code, subtotalPaise: summary.price.checkoutPaise, shippingPaise }),
      retry: false,
    });
    setCouponCode(quote.coupon.code);
  };

  const requestBody = createOrderBody(draft, summary, shippingPaise, applied && discountPaise > 0 ? applied : null);
  const payment = usePayment({
    user,
    requestBody,
    description: paymentDescription(summary),
    address: address.data,
    onPaid: clearStoredOrder,
    onPriceChanged: () => {
      // The catalogue changed since the editor loaded it: reload it so the summary shows the new figures.
      void queryClient.invalidateQueries({ queryKey: frameSetsQueryKey });
      void queryClient.invalidateQueries({ queryKey: bordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['shipping-quote'] });
    },
  });

  const { price, choice } = summary;
  const totalPaise = price.checkoutPaise + shippingPaise - discountPaise;

  const rows: [string, string][] = [
    [
      t`Frame`,
      `${catalogueText(choice.frame.frameName, choice.frame.frameNameHi)} · ${catalogueText(choice.set.frameName, choice.set.frameNameHi)}`,
    ],
    [t`Size`, summary.print.kind === 'custom' ? customInchesText(summary.sizeName) : inchesOf(summary.sizeName)],
    [t`Motif Border`, summary.borderIn > 0 ? inchesOf(summary.borderIn) : t`None`],
    [t`Frame Size`, inchesOf(summary.frameInches)],
    [t`Category`, catalogueText(choice.frame.frameCategory, choice.frame.frameCategoryHi) || '—'],
    [t`Description`, catalogueText(choice.frame.frameDescription, choice.frame.frameDescriptionHi) || '—'],
  ];
  if (price.quantity > 1) rows.push([t`Quantity`, `${price.quantity} × ${formatInr(price.unitPaise)}`]);
  const arrives = shipping.data ? arrivesByText(shipping.data.arrivesBy) : '';

  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-3xl border border-ink-100 bg-white px-5 py-7 shadow-xl shadow-ink-900/5 sm:px-8 sm:py-9"
    >
      <h1 id={headingId} className="text-[2rem] leading-tight font-semibold">
        <Trans>Checkout</Trans>
      </h1>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Product Summary</Trans>
      </h2>
      <dl className="mt-3 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="product-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 px-3.5 py-2.5">
            <dt className="text-ink-500">{term}</dt>
            <dd className="m-0 font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>

      <dl className="mt-6 flex flex-col gap-2 text-[0.95rem] tabular-nums" data-testid="price-lines">
        <PriceLine term={t`Total Price`} value={formatInr(price.checkoutPaise)} />
        <PriceLine term={t`Total Price (Discount)`} value={discountPaise > 0 ? `−${formatInr(discountPaise)}` : formatInr(0)} />
        <PriceLine term={t`Tax & Fee`} value={formatInr(0)} />
        <PriceLine
          term={t`Shipping`}
          value={
            shippingPending
              ? t`Calculating…`
              : !pincode || shipping.isError
                ? '—'
                : shippingPaise === 0
                  ? t`Free`
                  : formatInr(shippingPaise)
          }
        />
        <div className="mt-1 flex items-baseline justify-between border-t border-ink-100 pt-3">
          <dt className="text-lg font-semibold text-ink-900">
            <Trans>Total</Trans>
          </dt>
          <dd className="m-0 font-serif text-[1.9rem] leading-tight font-semibold text-ink-900" data-testid="checkout-total">
            {formatInr(totalPaise)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-ink-500">
        <Trans>Prices include taxes. This is the amount you will pay.</Trans>
      </p>
      <CouponField
        applied={applied}
        onApply={applyCoupon}
        onRemove={() => setCouponCode(null)}
        problem={couponQuote.isError ? errorText(couponQuote.error, t`The code could not be checked. Please try again.`) : null}
      />
      {shipping.data ? (
        <p className="mt-3 flex items-start gap-2 rounded-2xl bg-cream px-4 py-3 text-ink-700" data-testid="arrives-by">
          <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
          <span>
            <Trans>
              <span className="font-medium text-ink-900">{arrives}</span> to {pincode}
            </Trans>
          </span>
        </p>
      ) : null}

      <PaymentActions payment={payment} waiting={shippingPending} onBack={() => void navigate('/checkout')} />
    </section>
  );
}

/** `/checkout/pay?cart=1`: the whole cart in one order and one payment, at the server's figures. */
function CartCheckoutStep({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingId = useId();
  const cart = useServerCart(user._id);
  const local = useLocalCart();
  // The cart read before the delivery address was saved has no shipping in its total: read it afresh here.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cartQueryKey(user._id) });
  }, [queryClient, user._id]);
  const address = useQuery({
    queryKey: ['account', user._id, 'address'],
    queryFn: () => fetchAddress(user._id),
    retry: false,
    staleTime: 60_000,
  });
  const data = cart.data;
  // The cart's coupon is kept with the cart on the server, which prices it; the answer is the cart with its discount.
  const setCart = (next: Cart) => {
    queryClient.setQueryData(cartQueryKey(user._id), next);
  };
  const applyCoupon = async (code: string) => {
    setCart(await applyCartCoupon(code));
  };
  const removeCoupon = () => void removeCartCoupon().then(setCart, () => undefined);
  const payment = usePayment({
    user,
    requestBody: { cart: true, amount: data?.totalPaise ?? 0, currency: 'INR' },
    description: data ? framedPhotosText(data.itemCount) : t`Framed photos`,
    address: address.data,
    onPaid: () => void queryClient.invalidateQueries({ queryKey: ['cart'] }),
    // The server priced the cart differently (the catalogue or shipping changed): show its figures.
    onPriceChanged: () => void queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });

  // Lines still in the browser (being moved into the account, or refused) must be settled on the cart page first.
  const leftovers = local.lines.length;
  const title = t`Checkout`;
  if (cart.isPending || (leftovers > 0 && local.lines.some((l) => l.problem === null))) {
    return <Notice title={title} status={t`Loading your cart…`} />;
  }
  if (cart.isError) return <Notice title={title}>{errorText(cart.error, t`We could not load your cart. Please reload the page.`)}</Notice>;
  if (!data || data.lines.length === 0) {
    return (
      <Notice title={title}>
        <Trans>
          Your cart is empty.{' '}
          <Link to="/" className={textLink}>
            Upload a photo to start framing
          </Link>
          .
        </Trans>
      </Notice>
    );
  }
  if (!data.payable || leftovers > 0) {
    return (
      <Notice title={title}>
        <Trans>
          Some photos in your cart cannot be ordered as they are.{' '}
          <Link to="/addtocart" className={textLink}>
            Fix them in your cart
          </Link>
          .
        </Trans>
      </Notice>
    );
  }
  const arrives = data.arrivesBy ? arrivesByText(data.arrivesBy) : '';
  const pincode = data.pincode;

  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 rounded-3xl border border-ink-100 bg-white px-5 py-7 shadow-xl shadow-ink-900/5 sm:px-8 sm:py-9"
    >
      <h1 id={headingId} className="text-[2rem] leading-tight font-semibold">
        <Trans>Checkout</Trans>
      </h1>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Product Summary</Trans>
      </h2>
      <ul className="mt-3 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="cart-summary">
        {data.lines.map((line) => (
          <li key={line.id} className="flex items-center gap-3 px-3.5 py-2.5">
            {line.thumbnailUrl ? (
              <img src={line.thumbnailUrl} alt="" className="h-12 w-12 shrink-0 rounded-lg border border-ink-100 bg-sand object-cover" />
            ) : null}
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink-900">
                {line.sizeId === null ? customInchesText(line.sizeName ?? '—') : inchesOf(line.sizeName ?? '—')} ·{' '}
                {[catalogueText(line.finishName, line.finishNameHi), catalogueText(line.frameSetName, line.frameSetNameHi)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="block text-sm text-ink-600">
                {line.borderIn > 0
                  ? `${line.borderName ? borderNameText(line.borderName, line.borderNameHi) : t`White border`} ${inchesOf(line.borderIn)}`
                  : t`No border`}{' '}
                · {line.quantity} × {line.unitPaise !== null ? formatInr(line.unitPaise) : '—'}
              </span>
            </span>
            <span className="font-medium text-ink-900 tabular-nums">{line.linePaise !== null ? formatInr(line.linePaise) : '—'}</span>
          </li>
        ))}
      </ul>

      <dl className="mt-6 flex flex-col gap-2 text-[0.95rem] tabular-nums" data-testid="price-lines">
        <PriceLine term={t`Total Price`} value={formatInr(data.subtotalPaise)} />
        <PriceLine term={t`Total Price (Discount)`} value={data.discountPaise > 0 ? `−${formatInr(data.discountPaise)}` : formatInr(0)} />
        <PriceLine term={t`Tax & Fee`} value={formatInr(0)} />
        <PriceLine
          term={t`Shipping`}
          value={data.shippingPaise === null ? '—' : data.shippingPaise === 0 ? t`Free` : formatInr(data.shippingPaise)}
        />
        <div className="mt-1 flex items-baseline justify-between border-t border-ink-100 pt-3">
          <dt className="text-lg font-semibold text-ink-900">
            <Trans>Total</Trans>
          </dt>
          <dd className="m-0 font-serif text-[1.9rem] leading-tight font-semibold text-ink-900" data-testid="checkout-total">
            {formatInr(data.totalPaise)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-ink-500">
        <Trans>Prices include taxes. This is the amount you will pay, once, for the whole cart.</Trans>
      </p>
      <CouponField
        applied={data.coupon ? { code: data.coupon.code, summary: data.coupon.summary, discountPaise: data.discountPaise } : null}
        onApply={applyCoupon}
        onRemove={removeCoupon}
        problem={couponProblemText(data)}
      />
      {data.arrivesBy ? (
        <p className="mt-3 flex items-start gap-2 rounded-2xl bg-cream px-4 py-3 text-ink-700" data-testid="arrives-by">
          <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
          <span>
            <Trans>
              <span className="font-medium text-ink-900">{arrives}</span> to {pincode}
            </Trans>
          </span>
        </p>
      ) : null}
      <PaymentActions payment={payment} waiting={cart.isFetching} onBack={() => void navigate('/checkout?cart=1')} />
    </section>
  );
}

type Payment = ReturnType<typeof usePayment>;

/** The price problem or notice, Back and 'Make payment', and the sandbox dialog while it is open. */
function PaymentActions({ payment, waiting, onBack }: { payment: Payment; waiting: boolean; onBack: () => void }) {
  const { i18n, t } = useLingui();
  const { busy, problem, notice, sandbox, makePayment, paySandbox, closeSandbox } = payment;
  let problemText: string | null = null;
  if (problem?.error instanceof PaymentWindowError) problemText = i18n._(problem.error.text);
  else if (problem?.addressMissing && activeLocale() !== 'en') problemText = t`Please add a delivery address before paying.`;
  else if (problem) problemText = errorText(problem.error, t`The payment could not be started. Please try again.`);
  const newPrice = problem?.amountPaise !== undefined ? formatInr(problem.amountPaise) : null;
  return (
    <>
      {problem ? (
        <div className="mt-5">
          <FormAlert>
            {problemText}
            {newPrice !== null ? (
              <>
                {' '}
                <Trans>The price now is {newPrice}.</Trans>
              </>
            ) : null}
            {problem.addressMissing ? (
              <>
                {' '}
                <Link to="/checkout" className={textLink}>
                  <Trans>Add your delivery address</Trans>
                </Link>
              </>
            ) : null}
          </FormAlert>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="mt-5 rounded-2xl bg-cream px-4 py-3 text-ink-700">
          {notice === 'window-closed' ? (
            <Trans>The payment window was closed. Nothing was charged; you can pay when you are ready.</Trans>
          ) : (
            <Trans>The test payment was cancelled. Nothing was charged; you can pay when you are ready.</Trans>
          )}
        </p>
      ) : null}

      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row sm:items-center">
        <button type="button" onClick={onBack} className={`${secondaryButton} sm:mr-auto`}>
          <ArrowRightIcon className="h-4 w-4 rotate-180" />
          <Trans>Back</Trans>
        </button>
        <button
          type="button"
          disabled={busy || waiting}
          aria-busy={busy || undefined}
          onClick={() => void makePayment()}
          className={`${primaryButton} sm:min-w-44`}
        >
          {busy ? t`Starting payment…` : t`Make payment`}
          {busy ? null : <ArrowRightIcon className="h-4 w-4" />}
        </button>
      </div>
      <p className="mt-4 flex items-start gap-2 text-sm text-ink-600">
        <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
        <span>
          <Trans>Payments are handled by Razorpay (UPI, cards, net banking). Framewala never sees your card details.</Trans>
        </span>
      </p>

      {sandbox ? (
        <SandboxDialog amountPaise={sandbox.order.amount} orderNumber={sandbox.order.orderId} onPay={paySandbox} onCancel={closeSandbox} />
      ) : null}
    </>
  );
}

function PriceLine({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between">
      <dt className="text-ink-600">{term}</dt>
      <dd className="m-0 font-medium text-ink-900">{value}</dd>
    </div>
  );
}
