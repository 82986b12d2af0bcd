/**
 * The shipping quote for a pincode (`GET /api/shipping-quote`): the zone, the charge under the owner's settings and
 * the arrives-by window, all from the domain's rules on the server. Shared by the editor's summary and the checkout.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PINCODE_PATTERN, shippingQuoteSchema, type ShippingQuote } from '@framewala/domain';
import { api, badAnswer } from '../api';

export async function fetchShippingQuote(pincode: string, subtotalPaise: number, maxOuterInches: number): Promise<ShippingQuote> {
  const query = new URLSearchParams({ pincode, subtotalPaise: String(subtotalPaise), maxOuterInches: String(maxOuterInches) });
  const parsed = shippingQuoteSchema.safeParse(await api.get<unknown>(`/api/shipping-quote?${query.toString()}`));
  if (!parsed.success) throw badAnswer();
  return parsed.data;
}

/** Every shipping quote's query starts with this key: invalidating it asks for every quote again. */
export const SHIPPING_QUOTE_QUERY_KEY = ['shipping-quote'] as const;

/**
 * The quote for a well-formed pincode (nothing is asked for another); one the directory lacks is quoted at the
 * rest-of-India rate with `inDirectory` false, as create-order prices it.
 */
export const shippingQuoteQueryOptions = (pincode: string | null | undefined, subtotalPaise: number, maxOuterInches: number) => {
  const valid = typeof pincode === 'string' && PINCODE_PATTERN.test(pincode);
  return queryOptions({
    queryKey: [...SHIPPING_QUOTE_QUERY_KEY, valid ? pincode : null, subtotalPaise, maxOuterInches],
    queryFn: () => fetchShippingQuote(pincode!, subtotalPaise, maxOuterInches),
    enabled: valid,
    retry: false,
    staleTime: 5 * 60_000,
  });
};

export function useShippingQuote(pincode: string | null | undefined, subtotalPaise: number, maxOuterInches: number) {
  return useQuery(shippingQuoteQueryOptions(pincode, subtotalPaise, maxOuterInches));
}
