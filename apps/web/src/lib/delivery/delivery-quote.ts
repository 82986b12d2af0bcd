/**
 * The delivery pincode a page quotes shipping for: the signed-in customer's saved one, else the one typed, with its
 * quote (`GET /api/shipping-quote`). Shared by the delivery estimate and the pages that also total the charge.
 */
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatShortDate, type ArrivesBy } from '@framewala/domain';
import { savedPincodeQueryOptions } from '../address/saved-pincode';
import { useSession } from '../auth';
import { activeLocale, activeLocaleTag } from '../i18n';
import { useShippingQuote } from './shipping-quote';

/** The signed-in customer's saved delivery pincode, or null. */
function useSavedPincode(): { pincode: string | null; pending: boolean } {
  const user = useSession()?.user ?? null;
  const saved = useQuery(savedPincodeQueryOptions(user?._id ?? null));
  return { pincode: saved.data ?? null, pending: Boolean(user) && saved.isPending };
}

/** The pincode the estimate is for (the saved one, else the one typed) and its quote: shared with pages that total it. */
export function useDeliveryQuote(subtotalPaise: number, maxOuterInches: number) {
  const saved = useSavedPincode();
  const [typed, setTyped] = useState('');
  const pincode = saved.pincode ?? (typed.length === 6 ? typed : null);
  const quote = useShippingQuote(pincode, subtotalPaise, maxOuterInches);
  return { saved, typed, setTyped, pincode, quote };
}

export type DeliveryQuote = ReturnType<typeof useDeliveryQuote>;

/** A delivery date ('YYYY-MM-DD', India) as the estimate names it: 'Wed 2 Dec' in English, 'बुध, 2 दिस॰' in Hindi. */
export function shortDeliveryDate(date: string): string {
  if (activeLocale() === 'en') return formatShortDate(date);
  const format = new Intl.DateTimeFormat(activeLocaleTag(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * The delivery window in the active language: 'Arrives between Tue 1 Dec and Fri 4 Dec' (the domain's
 * `formatArrivesBy`), 'मंगल, 1 दिस॰ से शुक्र, 4 दिस॰ के बीच पहुँचेगा' in Hindi, the dates written by Intl.
 */
export function arrivesByText(window: ArrivesBy): string {
  const earliest = shortDeliveryDate(window.earliest);
  const latest = shortDeliveryDate(window.latest);
  return t`Arrives between ${earliest} and ${latest}`;
}
