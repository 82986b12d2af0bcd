import { formatInr } from '@framewala/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/auth';
import { orderQueryOptions } from '../../lib/orders/orders-api';
import { formatOrderTime, statusText, statusTone } from '../../lib/orders/order-status';
import { OrderDetails } from './order-details';

/** `/orders/:id`: the signed-in customer's own order: where it is, tracking once shipped, what was ordered and where it goes. */
export function CustomerOrderPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const session = useSession();
  const order = useQuery(orderQueryOptions(session?.token ?? null, id));
  const placedAt = formatOrderTime(order.data?.createdAt);

  return (
    <>
      <title>{t`Order ${id} — Framewala`}</title>
      <meta name="robots" content="noindex" />
      <div className="border-b border-ink-100/80 bg-gradient-to-b from-sand/70 to-cream">
        <div className="mx-auto max-w-4xl px-4 pt-8 pb-8 sm:px-6 sm:pt-12">
          <Link to="/user" className={`${textLink} inline-flex min-h-11 items-center gap-1.5`}>
            <ArrowRightIcon className="h-4 w-4 rotate-180" />
            <Trans>Your orders</Trans>
          </Link>
          <p className="mt-2 text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
            <Trans>Your order</Trans>
          </p>
          <h1 className="mt-1 text-[2rem] leading-tight font-semibold break-words sm:text-[2.4rem]">
            <Trans>Order {id}</Trans>
          </h1>
          {order.data ? (
            <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-ink-700">
              <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusTone(order.data.status)}`} data-testid="order-status">
                {statusText(order.data.status)}
              </span>
              <span>
                <Trans>Placed {placedAt}</Trans>
              </span>
              <span className="font-serif text-lg font-semibold text-ink-900 tabular-nums">{formatInr(order.data.totalPaise)}</span>
            </p>
          ) : null}
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        {order.isPending ? (
          <p role="status" className="text-ink-500">
            <Trans>Loading your order…</Trans>
          </p>
        ) : order.isError ? (
          isApiError(order.error) && order.error.status === 401 ? null : (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-4 text-red-800"
            >
              <p>
                {isApiError(order.error) && order.error.status === 404
                  ? t`We could not find order ${id} in your account. If you placed it with another e-mail, sign in with that one.`
                  : t`We couldn’t load your order just now.`}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" onClick={() => void order.refetch()} className={secondaryButton}>
                  <Trans>Try again</Trans>
                </button>
                <Link to="/user" className={secondaryButton}>
                  <Trans>See all my orders</Trans>
                </Link>
              </div>
            </div>
          )
        ) : (
          <OrderDetails order={order.data} />
        )}
      </div>
    </>
  );
}
