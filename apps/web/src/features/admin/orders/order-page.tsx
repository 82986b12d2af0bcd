import { formatInr } from '@framewala/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { textLink } from '../../../components/button-styles';
import { ArrowRightIcon } from '../../../components/icons';
import { formatDateTime, inStatusFor } from '../../../lib/orders/order-status';
import { AdminShell, ErrorBox, Panel, PaymentIssueBadge, StatusBadge } from '../admin-ui';
import { adminOrderQueryOptions } from '../api/orders';
import { StatusActions } from './status-actions';
import { CustomerPanel } from './customer-panel';
import { HistoryPanel } from './history-panel';
import { LinePanel } from './line-panel';
import { LineWorkPanel } from './line-work-panel';
import { MockupPanel } from './mockup-panel';
import { PaymentPanel } from './payment-panel';
import { PrintFilePanel } from './print-file-panel';

/**
 * `/admin/orders/:id`: everything the shop needs to make, pack and track one order. An order of several lines lists
 * them all under 'What to make', then gives each line its own mock-up and print-ready file.
 */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useQuery(adminOrderQueryOptions(id));

  const back = (
    <Link to="/admin" className={`${textLink} inline-flex min-h-11 items-center gap-1.5`}>
      <ArrowRightIcon className="h-4 w-4 rotate-180" />
      All orders
    </Link>
  );

  if (order.isPending || order.isError) {
    return (
      <AdminShell title={`Order ${id}`} back={back}>
        <title>{`Order ${id} — Shop console — Framewala`}</title>
        {order.isPending ? (
          <p role="status" className="text-ink-500">
            Loading the order…
          </p>
        ) : (
          <ErrorBox error={order.error} title="We couldn’t load this order." onRetry={() => void order.refetch()} />
        )}
      </AdminShell>
    );
  }

  const o = order.data;
  return (
    <AdminShell
      title={`Order ${o.id}`}
      back={back}
      intro={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <StatusBadge status={o.status} />
          {o.paymentFlag ? <PaymentIssueBadge title={o.paymentFlag.note} /> : null}
          <span className="text-sm">{inStatusFor(o.statusChangedAt ?? o.createdAt)}</span>
          <span className="text-sm">Placed {formatDateTime(o.createdAt)}</span>
          <span className="font-serif text-lg font-semibold text-ink-900 tabular-nums">{formatInr(o.amountPaise)}</span>
        </span>
      }
    >
      <title>{`Order ${o.id} — Shop console — Framewala`}</title>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel id="admin-actions" title="Next step">
            <StatusActions order={o} />
            {o.trackingNumber ? (
              <p className="mt-4 text-sm text-ink-700">
                Shipped with <span className="font-semibold">{o.carrier ?? 'carrier not given'}</span>, tracking{' '}
                <span className="font-mono font-semibold" data-testid="admin-tracking">
                  {o.trackingNumber}
                </span>
              </p>
            ) : null}
          </Panel>
          {o.lines.length > 1 ? (
            <>
              <LinePanel order={o} />
              {o.lines.map((_, index) => (
                <LineWorkPanel key={index} order={o} index={index} />
              ))}
            </>
          ) : (
            <>
              <MockupPanel order={o} />
              <PrintFilePanel order={o} />
              <LinePanel order={o} />
            </>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerPanel order={o} />
          <PaymentPanel order={o} />
          <HistoryPanel order={o} />
        </div>
      </div>
    </AdminShell>
  );
}
