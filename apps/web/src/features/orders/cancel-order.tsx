import { formatInr, POLICY_NUMBERS } from '@framewala/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { secondaryButton } from '../../components/button-styles';
import { ACCOUNT_QUERY_KEY } from '../../lib/auth-api';
import { useSession } from '../../lib/auth';
import { errorText } from '../../lib/error-messages';
import { cancelOrder, orderQueryOptions, type OrderDetail } from '../../lib/orders/orders-api';
import { formatOrderTime } from '../../lib/orders/order-status';

/** '5–7', the working days a refund takes (the shop's policy). */
export const REFUND_DAYS = `${POLICY_NUMBERS.refundDays.min}–${POLICY_NUMBERS.refundDays.max}`;

const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * While the customer may still cancel her paid order (free, until 24 hours after payment and before production, as
 * the order's `cancellableUntil` says): a **Cancel order** button, then a confirm step saying where the refund goes and
 * how long it takes. A confirmed cancellation puts the cancelled order in the page's cache, so the page shows it.
 */
export function CancelOrder({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order._id),
    onSuccess: (cancelled) => {
      const token = session?.token ?? null;
      queryClient.setQueryData(orderQueryOptions(token, order._id).queryKey, cancelled);
      void queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, token, 'orders'] });
    },
  });
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  if (!order.cancellableUntil) return null;
  const until = formatOrderTime(order.cancellableUntil);
  const total = formatInr(order.totalPaise);
  const days = REFUND_DAYS;
  const orderNumber = order._id;
  return (
    <section aria-labelledby="order-cancel" className="rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-7">
      <h2 id="order-cancel" className="text-xl font-semibold">
        <Trans>Changed your mind?</Trans>
      </h2>
      <p className="mt-2 text-ink-700">
        <Trans>You can cancel this order free until {until}, before we start making it.</Trans>
      </p>
      {confirming ? (
        <div role="group" aria-labelledby="order-cancel-confirm" className="mt-4 rounded-2xl border border-red-200 bg-red-50 px-4 py-4">
          <p id="order-cancel-confirm" className="font-semibold text-red-900">
            <Trans>Cancel order {orderNumber}?</Trans>
          </p>
          <p className="mt-1 text-red-900">
            <Trans>
              We will not make it, and your payment of {total} goes back to the card, UPI or bank account you paid with in {days} working
              days.
            </Trans>
          </p>
          {cancel.isError ? (
            <p role="alert" className="mt-3 text-red-800">
              {errorText(cancel.error, t`We couldn’t cancel your order just now. Please try again.`)}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <button type="button" className={dangerButton} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? t`Cancelling…` : t`Yes, cancel my order`}
            </button>
            <button
              ref={keepButton}
              type="button"
              className={secondaryButton}
              disabled={cancel.isPending}
              onClick={() => {
                cancel.reset();
                setConfirming(false);
              }}
            >
              <Trans>Keep my order</Trans>
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setConfirming(true)}>
          <Trans>Cancel order</Trans>
        </button>
      )}
    </section>
  );
}
