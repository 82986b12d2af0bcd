/**
 * The pieces every checkout step is drawn with: the card with its headings, the price lines and the total, the
 * arrives-by note, and the notice shown instead of a step (nothing to pay for yet, loading, a problem).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { formatInr } from '@framewala/domain';
import { TruckIcon } from '../../components/icons';

export function CheckoutNotice({ title, status, children }: { title: string; status?: string; children?: ReactNode }) {
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

/** A step's card: 'Checkout', 'Product Summary', then what the step shows (its lines, prices and payment). */
export function CheckoutCard({ children }: { children: ReactNode }) {
  const headingId = useId();
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
      {children}
    </section>
  );
}

/**
 * The frames' price, the coupon's discount, the GST the prices include (the seed's 'Tax & Fee' line: the amount the
 * tax invoice will show, '—' while it is not known), shipping (as the step words it) and the total to pay.
 */
export function PriceLines({
  subtotalPaise,
  discountPaise,
  gstPaise,
  shipping,
  totalPaise,
}: {
  subtotalPaise: number;
  discountPaise: number;
  gstPaise: number | null;
  shipping: string;
  totalPaise: number;
}) {
  const { t } = useLingui();
  const gst = gstPaise === null ? null : formatInr(gstPaise);
  return (
    <dl className="mt-6 flex flex-col gap-2 text-[0.95rem] tabular-nums" data-testid="price-lines">
      <PriceLine term={t`Total Price`} value={formatInr(subtotalPaise)} />
      <PriceLine term={t`Total Price (Discount)`} value={discountPaise > 0 ? `−${formatInr(discountPaise)}` : formatInr(0)} />
      <PriceLine term={t`Tax & Fee`} value={gst === null ? '—' : t`incl. GST ${gst}`} testId="gst" />
      <PriceLine term={t`Shipping`} value={shipping} />
      <div className="mt-1 flex items-baseline justify-between border-t border-ink-100 pt-3">
        <dt className="text-lg font-semibold text-ink-900">
          <Trans>Total</Trans>
        </dt>
        <dd className="m-0 font-serif text-[1.9rem] leading-tight font-semibold text-ink-900" data-testid="checkout-total">
          {formatInr(totalPaise)}
        </dd>
      </div>
    </dl>
  );
}

function PriceLine({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between">
      <dt className="text-ink-600">{term}</dt>
      <dd className="m-0 font-medium text-ink-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * 'Arrives between … and … to <pincode>'; for a pincode the India Post directory lacks (quoted at the rest-of-India
 * rate), that the shop confirms delivery to it.
 */
export function ArrivesBy({ arrives, pincode, inDirectory = true }: { arrives: string; pincode: string | null; inDirectory?: boolean }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-2xl bg-cream px-4 py-3 text-ink-700" data-testid="arrives-by">
      <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
      <span>
        <Trans>
          <span className="font-medium text-ink-900">{arrives}</span> to {pincode}
        </Trans>
        {inDirectory ? null : (
          <span className="mt-1 block text-sm" data-testid="confirm-pincode">
            <Trans>
              This pincode is not in India Post’s list yet: shipping is at the rest-of-India rate, and we’ll confirm delivery to this
              pincode before we send your frame.
            </Trans>
          </span>
        )}
      </span>
    </p>
  );
}
