import {
  ADMIN_ORDERS_DEFAULT_PAGE_SIZE,
  ADMIN_TO_MAKE,
  formatInr,
  ORDER_STATUSES,
  isOrderStatus,
  type OrderStatus,
} from '@framewala/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ArrowRightIcon, ImageIcon } from '../../../components/icons';
import { inputClass, labelClass } from '../../../components/form-controls';
import { formatPhone } from '../../../lib/format';
import { ago, formatDateTime, inStatusFor, statusLabel } from '../../../lib/orders/order-status';
import { AdminShell, ErrorBox, PaymentIssueBadge, StatusBadge } from '../admin-ui';
import { selectClass } from '../styles';
import { adminOrdersQueryOptions, type AdminOrderSummary } from '../api/orders';
import { lineSummary } from './order-format';

export const PAGE_SIZE = ADMIN_ORDERS_DEFAULT_PAGE_SIZE;

const FLAGGED = 'flagged';
/** Every status, in the address (no status at all means the orders to make). */
const ALL = 'all';

/**
 * `/admin`: the orders, newest first, with a status filter, a search and pages (state kept in the address). It opens
 * on the orders to make (paid or in production), not on every payment attempt a customer abandoned; the filter
 * offers every status too.
 */
export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? ADMIN_TO_MAKE;
  // 'flagged' in the status filter: orders with a payment problem to look at, whatever their status.
  const flagged = rawStatus === FLAGGED;
  const status: OrderStatus | typeof ADMIN_TO_MAKE | '' = isOrderStatus(rawStatus) || rawStatus === ADMIN_TO_MAKE ? rawStatus : '';
  // What the filter shows: the orders to make (the default), every status, one status or the payment issues.
  const filterValue = flagged ? FLAGGED : status || ALL;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);

  const orders = useQuery(adminOrdersQueryOptions({ status, flagged, q, page, pageSize: PAGE_SIZE }));

  const update = (next: { status?: string; q?: string; page?: number }) => {
    const merged = { status: filterValue, q, page, ...next };
    const out = new URLSearchParams();
    if (merged.status !== ADMIN_TO_MAKE) out.set('status', merged.status);
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim(), page: 1 });
  };

  const data = orders.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <AdminShell
      title="Orders"
      intro="The orders to make first (paid, in production), newest first; choose All statuses for every order. Open one to see its print file and move it along."
    >
      <title>Orders — Shop console — Framewala</title>
      <form
        role="search"
        aria-label="Find orders"
        onSubmit={onSearch}
        className="flex flex-col gap-3 rounded-3xl border border-ink-100 bg-white p-4 shadow-sm shadow-ink-900/5 sm:flex-row sm:items-end sm:p-5"
      >
        <div className="sm:w-56">
          <label htmlFor="admin-status" className={labelClass}>
            Status
          </label>
          <select
            id="admin-status"
            value={filterValue}
            onChange={(event) => update({ status: event.target.value, page: 1 })}
            className={`${selectClass} pr-10`}
          >
            <option value={ADMIN_TO_MAKE}>To make (paid, in production)</option>
            <option value={ALL}>All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
            <option value={FLAGGED}>Payment issues</option>
          </select>
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor="admin-search" className={labelClass}>
            Search
          </label>
          <input
            id="admin-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Order number, e-mail or phone"
            className={inputClass}
          />
        </div>
        <button type="submit" className={`${primaryButton} sm:min-w-28`}>
          Search
        </button>
      </form>

      <div className="mt-6">
        {orders.isPending ? (
          <p role="status" className="text-ink-500">
            Loading orders…
          </p>
        ) : orders.isError ? (
          <ErrorBox error={orders.error} title="We couldn’t load the orders." onRetry={() => void orders.refetch()} />
        ) : data && data.orders.length === 0 ? (
          <div className="rounded-3xl border border-dashed border-ink-200 bg-white px-5 py-8 text-center text-ink-700">
            {status === ADMIN_TO_MAKE && !q
              ? 'Nothing to make: no order is paid or in production.'
              : status || flagged || q
                ? 'No orders match this filter.'
                : 'No orders yet.'}
            {status || flagged || q ? (
              <button
                type="button"
                onClick={() => {
                  setSearch('');
                  setParams(new URLSearchParams({ status: ALL }));
                }}
                className={`${secondaryButton} mx-auto mt-4 flex`}
              >
                Show all orders
              </button>
            ) : null}
          </div>
        ) : data ? (
          <>
            <p className="mb-3 text-sm text-ink-600" aria-live="polite">
              {first}–{last} of {data.total} {data.total === 1 ? 'order' : 'orders'}
              {orders.isFetching ? ' · updating…' : ''}
            </p>
            <ul aria-label="Orders" className="flex flex-col gap-3">
              {data.orders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
            {totalPages > 1 ? (
              <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
                <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
                  <ArrowRightIcon className="h-4 w-4 rotate-180" />
                  Previous
                </button>
                <span className="text-sm text-ink-600">
                  Page {data.page} of {totalPages}
                </span>
                <button type="button" className={secondaryButton} disabled={page >= totalPages} onClick={() => update({ page: page + 1 })}>
                  Next
                  <ArrowRightIcon className="h-4 w-4" />
                </button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </AdminShell>
  );
}

function OrderRow({ order }: { order: AdminOrderSummary }) {
  const customer = order.customer;
  return (
    <li>
      <Link
        to={`/admin/orders/${encodeURIComponent(order.id)}`}
        className="group grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-2xl border border-ink-100 bg-white p-3 shadow-sm shadow-ink-900/5 transition-colors hover:border-saffron-300 sm:grid-cols-[4rem_minmax(0,1.4fr)_minmax(0,1fr)_auto] sm:items-center sm:p-4"
      >
        <span className="row-span-2 flex h-14 w-14 items-center justify-center overflow-hidden rounded-xl bg-sand sm:row-span-1 sm:h-16 sm:w-16">
          {order.thumbnailUrl ? (
            <img src={order.thumbnailUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
          ) : (
            <ImageIcon className="h-7 w-7 text-ink-300" />
          )}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-ink-900 group-hover:text-saffron-800">{order.id}</span>
          <span className="block truncate text-sm text-ink-700">
            {customer?.name || customer?.email || 'Unknown customer'}
            {customer?.phone ? <span className="text-ink-500"> · {formatPhone(customer.phone)}</span> : null}
          </span>
          {customer?.email && customer.name ? <span className="block truncate text-sm text-ink-500">{customer.email}</span> : null}
          {order.lines.length > 0 ? (
            <span className="block text-sm text-ink-500" data-testid="admin-row-lines">
              {order.lines.map((line, index) => (
                <span key={index} className="block truncate">
                  {lineSummary(line)}
                </span>
              ))}
            </span>
          ) : null}
        </span>
        <span className="col-start-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-start-auto sm:flex-col sm:items-start">
          <StatusBadge status={order.status} />
          {order.paymentFlag ? <PaymentIssueBadge title={order.paymentFlag.note} /> : null}
          <span className="text-sm text-ink-600" title={`In this status since ${formatDateTime(order.statusChangedAt ?? order.createdAt)}`}>
            {inStatusFor(order.statusChangedAt ?? order.createdAt)}
          </span>
          <span className="text-sm text-ink-500" title={`Placed ${formatDateTime(order.createdAt)}`}>
            placed {ago(order.createdAt)}
          </span>
        </span>
        <span className="col-start-2 font-serif text-lg font-semibold text-ink-900 tabular-nums sm:col-start-auto sm:text-right">
          {formatInr(order.amountPaise)}
        </span>
      </Link>
    </li>
  );
}
