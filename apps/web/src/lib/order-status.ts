import type { OrderStatus } from '@framewala/domain';

/** How a status reads to people (customer pages, the owner's console, the profile's order history). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status.replace(/_/g, ' ');
}

/** Colour of a status badge: tailwind classes on the design's palette. */
export function statusTone(status: string): string {
  switch (status) {
    case 'paid':
      return 'bg-saffron-100 text-saffron-900';
    case 'in_production':
      return 'bg-amber-100 text-amber-900';
    case 'shipped':
      return 'bg-sky-100 text-sky-900';
    case 'delivered':
      return 'bg-leaf-50 text-leaf-600 ring-1 ring-leaf-600/20';
    case 'cancelled':
    case 'refunded':
      return 'bg-ink-100 text-ink-700';
    default:
      return 'bg-ink-50 text-ink-600';
  }
}

/** The happy path a paid order walks, shown as a timeline. */
export const TIMELINE: readonly OrderStatus[] = ['paid', 'in_production', 'shipped', 'delivered'];

export type TimelineStep = { status: OrderStatus; label: string; state: 'done' | 'current' | 'todo'; at: string | null };

/**
 * The timeline's steps for an order: each step done, current or still to come, with the time it was reached (from the
 * status history; the latest entry wins). Cancelled, refunded and unpaid orders have no timeline (null).
 */
export function timelineSteps(status: string, history: { to: string; at: string }[]): TimelineStep[] | null {
  const index = TIMELINE.indexOf(status as OrderStatus);
  if (index < 0) return null;
  return TIMELINE.map((step, i) => {
    const entry = [...history].reverse().find((h) => h.to === step);
    return {
      status: step,
      label: STATUS_LABELS[step],
      state: i < index ? 'done' : i === index ? 'current' : 'todo',
      at: i <= index ? (entry?.at ?? null) : null,
    };
  });
}

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** '22 Nov 2026, 2:05 pm' in India time; '—' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

/** A duration for people: 'just now', '12 min', '5 h', '3 d 4 h', '21 d'. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return days < 7 && rest > 0 ? `${days} d ${rest} h` : `${days} d`;
}

/** How long ago an ISO time was, as `formatDuration`; '—' when unreadable. */
export function since(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? '—' : formatDuration(now - time);
}

/** '3 h ago', or 'just now'. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  const value = since(iso, now);
  return value === 'just now' || value === '—' ? value : `${value} ago`;
}

/** 'in status for 3 h', or 'in status since just now'. */
export function inStatusFor(iso: string | null | undefined, now = Date.now()): string {
  const value = since(iso, now);
  return value === 'just now' ? 'status changed just now' : `in status for ${value}`;
}
