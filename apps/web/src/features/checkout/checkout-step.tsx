import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { formatInr } from '@framewala/domain';
import { CouponField } from '../../components/coupon-field';
import { OrderLines } from '../../components/order-lines';
import type { SessionUser } from '../../lib/auth';
import { inchesOf } from '../../lib/print-texts';
import { ArrivesBy, CheckoutCard, PriceLines } from './checkout-parts';
import type { CheckoutLine, CheckoutSource } from './checkout-model';
import { PaymentActions } from './payment-actions';
import { usePayment } from './use-payment';

/**
 * `/checkout/pay`: the one checkout step, whatever its lines come from (`CheckoutSource`: the editor's frame, the
 * whole cart, an order paid again). One line is summarised row by row (frame, size, border, frame size…); several
 * are listed one row per line. Then the price lines and the total, the coupon, the arrives-by note and the payment.
 */
export function CheckoutStep({ source, user }: { source: CheckoutSource; user: SessionUser }) {
  const navigate = useNavigate();
  const payment = usePayment({ user, ...source.payment });
  const [only] = source.lines;
  const coupon = source.coupon;
  return (
    <CheckoutCard>
      {source.lines.length === 1 && only ? (
        <LineSummary line={only} />
      ) : (
        <div className="mt-3">
          <OrderLines lines={source.lines} testId="cart-summary" />
        </div>
      )}

      <PriceLines
        subtotalPaise={source.subtotalPaise}
        discountPaise={source.discountPaise}
        gstPaise={source.gstPaise}
        shipping={source.shipping}
        totalPaise={source.totalPaise}
      />
      <p className="mt-2 text-sm text-ink-500">{source.note}</p>
      {coupon ? (
        <CouponField applied={coupon.applied} onApply={coupon.onApply} onRemove={coupon.onRemove} problem={coupon.problem} />
      ) : null}
      {source.arrives ? (
        <ArrivesBy arrives={source.arrives.text} pincode={source.arrives.pincode} inDirectory={source.arrives.inDirectory} />
      ) : null}

      <PaymentActions payment={payment} waiting={source.waiting} onBack={() => void navigate(source.backTo)} />
    </CheckoutCard>
  );
}

/** A single line, row by row: what it is, then its quantity when there are several pieces. */
function LineSummary({ line }: { line: CheckoutLine }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`Frame`, line.frame || '—'],
    [t`Size`, line.size],
    [t`White border`, line.borderIn > 0 ? inchesOf(line.borderIn) : t`none`],
  ];
  if (line.mouldingIn !== null) rows.push([t`Frame Size`, inchesOf(line.mouldingIn)]);
  // The finish's category is the frame's style ('Black & White'), not the photo's.
  if (line.category !== undefined) rows.push([t`Frame category`, line.category || '—']);
  if (line.description !== undefined) rows.push([t`Description`, line.description || '—']);
  if (line.quantity > 1) {
    const unit = line.unitPaise === null ? '—' : formatInr(line.unitPaise);
    rows.push([t`Quantity`, `${line.quantity} × ${unit}`]);
  }
  return (
    <dl className="mt-3 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="product-summary">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 px-3.5 py-2.5">
          <dt className="text-ink-500">{term}</dt>
          <dd className="m-0 font-medium text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
