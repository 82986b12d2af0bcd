/**
 * The pincode of the signed-in customer's saved address, for the delivery estimates of the editor, the cart and the
 * checkout: read on its own, leniently, so those pages need not carry the account contract (its phone rules).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_QUERY_KEY } from '../auth-api';
import { authedApi } from '../auth-request';

/** Only the pincode of the saved address, read leniently (any other field may be missing): what delivery estimates need. */
const savedPincodeSchema = z.object({ address: z.object({ postalCode: z.string() }).loose().nullable() }).loose();

/** The saved delivery pincode of a signed-in customer (`userId`; null while signed out), or null when none is saved. */
export const savedPincodeQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'address-pincode'],
    queryFn: async () => {
      const parsed = savedPincodeSchema.safeParse(await authedApi.get<unknown>(`/api/address/${encodeURIComponent(userId!)}`));
      return parsed.success ? (parsed.data.address?.postalCode ?? null) : null;
    },
    enabled: userId !== null,
    retry: false,
    staleTime: 60_000,
  });
