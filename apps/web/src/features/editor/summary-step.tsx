import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_QUANTITY, MIN_QUANTITY, formatInr, formatMeasure, framedOuterSize, type FrameSet, type MotifBorder } from '@framewala/domain';
import { Link } from 'react-router';
import { DeliveryEstimate } from '../../components/delivery-estimate';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon, CheckIcon } from '../../components/icons';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { borderInches, orderPrice, type FrameChoice, type PrintSize } from '../../lib/order-draft/draft-choices';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { borderNameText, borderWidthText, outerSizeText, sizeNameText } from '../../lib/print-texts';
import { BackButton, StepActions, StepHeading } from './step-ui';

type SummaryStepProps = {
  draft: OrderDraft;
  print: PrintSize | null;
  choice: FrameChoice | null;
  border: MotifBorder | null;
  sets: readonly FrameSet[] | undefined;
  borders: readonly MotifBorder[] | undefined;
  onQuantity: (quantity: number) => void;
  onBack: () => void;
  /** Proceed to Checkout: buy now, or the whole cart when it has lines (`proceeding` while that is decided). */
  onProceed: () => void;
  proceeding?: boolean;
  /** Add to cart, or save the cart line this photo was opened from (`editing`). */
  onAddToCart: () => void;
  editing: boolean;
  cart: CartAction;
};

/** Where the Add to cart button stands: idle, saving, just added (with the next steps), or refused. */
export type CartAction = { status: 'idle' | 'saving' | 'added' } | { status: 'error'; message: string };

/** Step 5: 'Your Frame Details' with the quantity and the total. */
export function SummaryStep({
  draft,
  print,
  choice,
  border,
  sets,
  borders,
  onQuantity,
  onBack,
  onProceed,
  proceeding = false,
  onAddToCart,
  editing,
  cart,
}: SummaryStepProps) {
  const { t } = useLingui();
  const price = orderPrice(draft, sets, borders);
  const borderIn = borderInches(draft.borderLevel);
  const outer =
    print && choice
      ? framedOuterSize({ widthIn: print.widthIn, heightIn: print.heightIn, borderIn, mouldingIn: choice.set.sizeInInches })
      : null;
  const size = print ? sizeNameText(print.name) : null;
  const moulding = choice ? formatMeasure(choice.set.sizeInInches) : null;
  const unitPrice = price ? formatInr(price.unitPaise) : '';
  const rows: [string, string][] = [
    [
      t`Frame`,
      choice
        ? `${catalogueText(choice.frame.frameName, choice.frame.frameNameHi)} · ${catalogueText(choice.set.frameName, choice.set.frameNameHi)}`
        : '—',
    ],
    [t`Size`, size ? (print?.kind === 'custom' ? t`${size} (custom)` : size) : '—'],
    // The seed's 'Motif Border' (N/A when none) in the shop's words: the white border, or none.
    [
      t`White border`,
      border && border.size > 0 ? `${borderNameText(border.name, border.nameHi)} · ${borderWidthText(border.sizeName)}` : t`none`,
    ],
    [t`Frame Size`, moulding ? t`${moulding} in moulding` : '—'],
    [t`Outer size`, outer ? outerSizeText(outer) : '—'],
    // The finish's category ('Black & White') is the frame's style, not the photo's: its label says so.
    [t`Frame category`, choice ? catalogueText(choice.frame.frameCategory, choice.frame.frameCategoryHi) : '—'],
    [t`Description`, choice ? catalogueText(choice.frame.frameDescription, choice.frame.frameDescriptionHi) : '—'],
  ];
  const q = draft.quantity;
  return (
    <>
      <StepHeading eyebrow={t`Step 4 of 4 · Summary`} title={t`Your Frame Details`} />
      <dl className="divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="frame-details">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 px-3.5 py-2.5">
            <dt className="text-ink-500">{term}</dt>
            <dd className="m-0 font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
        <div>
          <span id="quantity-label" className="mb-1.5 block text-sm font-semibold text-ink-800">
            <Trans>Quantity</Trans>
          </span>
          <div
            role="group"
            aria-labelledby="quantity-label"
            className="inline-flex items-center rounded-full border border-ink-200 bg-white p-1"
          >
            <button
              type="button"
              aria-label={t`Decrease quantity`}
              disabled={q <= MIN_QUANTITY}
              onClick={() => onQuantity(q - 1)}
              className="flex h-10 w-10 items-center justify-center rounded-full text-xl text-ink-800 hover:bg-ink-100 disabled:cursor-not-allowed disabled:opacity-35"
            >
              −
            </button>
            <output
              aria-live="polite"
              aria-label={t`Quantity`}
              className="w-10 text-center text-lg font-semibold tabular-nums"
              data-testid="quantity"
            >
              {q}
            </output>
            <button
              type="button"
              aria-label={t`Increase quantity`}
              disabled={q >= MAX_QUANTITY}
              onClick={() => onQuantity(q + 1)}
              className="flex h-10 w-10 items-center justify-center rounded-full text-xl text-ink-800 hover:bg-ink-100 disabled:cursor-not-allowed disabled:opacity-35"
            >
              +
            </button>
          </div>
        </div>
        <div className="text-right">
          <span className="block text-sm font-semibold text-ink-800">
            <Trans>Total Price</Trans>
          </span>
          <span className="block font-serif text-[1.9rem] leading-tight font-semibold text-ink-900 tabular-nums" data-testid="total-price">
            {price ? formatInr(price.checkoutPaise) : '—'}
          </span>
          {price && q > 1 ? (
            <span className="block text-sm text-ink-500 tabular-nums">
              <Trans>{unitPrice} each</Trans>
            </span>
          ) : null}
        </div>
      </div>
      <p className="mt-3 text-sm text-ink-500">
        <Trans>Prices include taxes. Shipping is added at checkout; delivery details come next.</Trans>
      </p>
      {price && outer ? (
        <DeliveryEstimate subtotalPaise={price.checkoutPaise} maxOuterInches={Math.max(outer.widthIn, outer.heightIn)} />
      ) : null}

      {cart.status === 'added' ? (
        <div
          role="status"
          className="mt-5 rounded-2xl border border-leaf-600/25 bg-leaf-50 px-4 py-3.5 text-ink-800"
          data-testid="added-to-cart"
        >
          <p className="m-0 flex items-center gap-2 font-semibold text-ink-900">
            <CheckIcon className="h-5 w-5 shrink-0 text-leaf-600" />
            <Trans>Added to your cart.</Trans>
          </p>
          <p className="mt-1.5 mb-0 flex flex-wrap gap-x-5 gap-y-1.5">
            <Link to="/?upload=1" className={textLink}>
              <Trans>Upload another photo</Trans>
            </Link>
            <Link to="/addtocart" className={textLink}>
              <Trans>View cart</Trans>
            </Link>
          </p>
        </div>
      ) : cart.status === 'error' ? (
        <p role="alert" className="mt-5 rounded-2xl bg-red-50 px-4 py-3 text-red-800">
          {cart.message}
        </p>
      ) : null}

      <StepActions>
        <BackButton onClick={onBack} />
        <div className="order-first flex w-full flex-col gap-2 sm:flex-row lg:flex-col">
          <button
            type="button"
            onClick={onAddToCart}
            disabled={!price || cart.status === 'saving'}
            aria-busy={cart.status === 'saving' || undefined}
            className={`${secondaryButton} flex-1 px-4`}
          >
            {cart.status === 'saving' ? t`Saving…` : editing ? t`Update cart` : t`Add to cart`}
          </button>
          <button
            type="button"
            onClick={onProceed}
            disabled={!price || proceeding}
            aria-busy={proceeding || undefined}
            className={`${primaryButton} flex-1 px-4`}
          >
            <Trans>Proceed to Checkout</Trans>
            <ArrowRightIcon className="h-4 w-4" />
          </button>
        </div>
      </StepActions>
    </>
  );
}
