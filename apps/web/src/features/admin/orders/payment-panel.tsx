import { formatInr } from '@framewala/domain';
import { AlertIcon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/orders/order-status';
import { Fact, Facts, Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';
import { REFUND_LABELS } from './order-format';

export function PaymentPanel({ order }: { order: AdminOrder }) {
  const p = order.payment;
  const flag = order.paymentFlag;
  const payments = p?.payments ?? [];
  const showList = payments.length > 1 || payments.some((payment) => payment.refund) || Boolean(flag);
  return (
    <Panel id="admin-payment" title="Payment">
      {flag ? (
        <div role="alert" className="mb-4 flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <AlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">
              {flag.code === 'paid_after_cancel' ? 'Paid after it was cancelled' : 'Payment does not cover the order'}
            </p>
            <p className="[overflow-wrap:anywhere]">{flag.note}</p>
          </div>
        </div>
      ) : null}
      <Facts label="Payment">
        <Fact label="Paid">{order.paidAt ? formatDateTime(order.paidAt) : 'Not paid'}</Fact>
        <Fact label="Provider order">
          <span className="font-mono text-sm">{p?.providerOrderId ?? '—'}</span>
        </Fact>
        <Fact label="Payment id">
          <span className="font-mono text-sm">{p?.paymentId ?? '—'}</span>
        </Fact>
        {order.failure?.reason ? (
          <Fact label="Last failure">
            {order.failure.reason}
            {order.failure.code ? <span className="block font-mono text-sm font-normal text-ink-600">{order.failure.code}</span> : null}
          </Fact>
        ) : null}
      </Facts>
      {showList && payments.length > 0 ? (
        <ul aria-label="Payments received" className="mt-3 flex flex-col gap-2 text-sm text-ink-700">
          {payments.map((payment) => (
            <li key={payment.providerPaymentId} className="[overflow-wrap:anywhere]">
              <span className="font-mono">{payment.providerPaymentId}</span> ·{' '}
              {payment.currency && payment.currency !== 'INR'
                ? `${payment.amountPaise / 100} ${payment.currency}`
                : formatInr(payment.amountPaise)}{' '}
              · {payment.source} · {payment.createdAt ? formatDateTime(payment.createdAt) : ''}
              {payment.refund ? (
                <span className="mt-0.5 block font-semibold text-red-800">
                  {REFUND_LABELS[payment.refund.status] ?? payment.refund.status}
                  {payment.refund.refundId ? <span className="font-mono font-normal"> · {payment.refund.refundId}</span> : null}
                  {payment.refund.refundedAt ? <span className="font-normal"> · {formatDateTime(payment.refund.refundedAt)}</span> : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
