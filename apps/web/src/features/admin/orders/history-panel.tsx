import { ago, formatDateTime, statusLabel } from '../../../lib/orders/order-status';
import { Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';

export function HistoryPanel({ order }: { order: AdminOrder }) {
  const history = [...order.history].reverse();
  return (
    <Panel id="admin-history" title="Status history">
      {history.length === 0 ? (
        <p className="text-ink-600">No changes recorded.</p>
      ) : (
        <ol className="relative flex flex-col gap-4 border-l-2 border-ink-100 pl-5">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              <span
                aria-hidden="true"
                className={`absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full ring-4 ring-white ${index === 0 ? 'bg-saffron-600' : 'bg-ink-300'}`}
              />
              <p className="font-medium text-ink-900">
                {entry.from ? `${statusLabel(entry.from)} → ` : ''}
                {statusLabel(entry.to)}
              </p>
              <p className="text-sm text-ink-600">
                {formatDateTime(entry.at)} · {ago(entry.at)} · by {entry.actor ?? 'system'}
              </p>
              {entry.note ? <p className="mt-0.5 text-sm text-ink-700">“{entry.note}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
