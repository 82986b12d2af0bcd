import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOCALE_TAGS, SHOP_TIME_ZONE, type OrderStatus } from '@framewala/domain';
import { activeLocaleTag, i18n } from '../i18n';

/* eslint-disable lingui/no-unlocalized-strings -- the owner's console stays English */
/** How a status reads in the owner's console, which stays English (customer pages use `statusText`). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  authorized: 'Held, proof to send',
  proof_sent: 'Proof sent',
  change_requested: 'Change requested',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  released: 'Hold released',
};
/* eslint-enable lingui/no-unlocalized-strings */

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status.replace(/_/g, ' ');
}

/** How a status reads to the customer (their order page, the profile's order history), in their language. */
export const STATUS_TEXTS: Record<OrderStatus, MessageDescriptor> = {
  created: msg`Awaiting payment`,
  authorized: msg`Payment held, proof coming`,
  proof_sent: msg`Proof ready to approve`,
  change_requested: msg`Change requested`,
  paid: msg`Paid`,
  in_production: msg`In production`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  released: msg`Hold released, nothing charged`,
};

/** A status for the customer in the active language (an unknown one as it is, without underscores). */
export function statusText(status: string): string {
  const text = (STATUS_TEXTS as Record<string, MessageDescriptor | undefined>)[status];
  return text ? i18n._(text) : status.replace(/_/g, ' ');
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

const DATE_TIMES = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(tag: string): Intl.DateTimeFormat {
  let format = DATE_TIMES.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: SHOP_TIME_ZONE,
    });
    DATE_TIMES.set(tag, format);
  }
  return format;
}

/**
 * '22 Nov 2026, 2:05 pm' in India time; '—' when missing or unreadable. English by default (the owner's console);
 * customer pages pass the active language's tag (`formatOrderTime`).
 */
export function formatDateTime(iso: string | null | undefined, tag = LOCALE_TAGS.en): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat(tag).format(date);
}

/** `formatDateTime` in the active language ('22 नव॰ 2026, 2:05 pm' in Hindi). */
export function formatOrderTime(iso: string | null | undefined): string {
  return formatDateTime(iso, activeLocaleTag());
}

/** A duration for the owner's console (English): 'just now', '12 min', '5 h', '3 d 4 h', '21 d'. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the owner's console stays English
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
