/**
 * The delivery pincode a page quotes shipping for: the signed-in customer's saved one, else the one typed, with its
 * quote (`GET /api/shipping-quote`). Shared by the delivery estimate and the pages that also total the charge.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useSession } from './auth';
import { authedApi } from './auth-request';
import { useShippingQuote } from './shipping';

const savedPincodeSchema = z.object({ address: z.object({ postalCode: z.string() }).loose().nullable() }).loose();

/** The signed-in customer's saved delivery pincode, or null. */
function useSavedPincode(): { pincode: string | null; pending: boolean } {
  const user = useSession()?.user ?? null;
  const saved = useQuery({
    queryKey: ['account', user?._id ?? null, 'address-pincode'],
    queryFn: async () => {
      const parsed = savedPincodeSchema.safeParse(await authedApi.get<unknown>(`/api/address/${encodeURIComponent(user!._id)}`));
      return parsed.success ? (parsed.data.address?.postalCode ?? null) : null;
    },
    enabled: Boolean(user),
    retry: false,
    staleTime: 60_000,
  });
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
