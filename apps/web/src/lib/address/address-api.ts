/**
 * The signed-in customer's saved delivery address (`GET /api/address/:userId`, `POST /api/add-address`), checked with
 * the domain's account contract: the buyer details form fills it in, the checkout takes the payment window's contact
 * from it. The delivery estimates read only its pincode (`saved-pincode.ts`).
 */
import { queryOptions } from '@tanstack/react-query';
import { getAddressResponseSchema, addAddressResponseSchema, type Address, type SavedAddress } from '@framewala/domain';
import { badAnswer } from '../api';
import { ACCOUNT_QUERY_KEY } from '../auth-api';
import { authedApi } from '../auth-request';

/** `GET /api/address/:userId` 🔒 → `{address}` (null when none is saved yet). */
export async function fetchAddress(userId: string): Promise<SavedAddress | null> {
  const body = await authedApi.get<unknown>(`/api/address/${encodeURIComponent(userId)}`);
  const parsed = getAddressResponseSchema.safeParse(body);
  if (!parsed.success) throw badAnswer();
  return parsed.data.address;
}

/** `POST /api/add-address` 🔒 `{userId, address}` → `{message: 'Address saved successfully!', address}`. */
export async function saveAddress(userId: string, address: Address): Promise<SavedAddress> {
  const body = await authedApi.post<unknown>('/api/add-address', { userId, address });
  const parsed = addAddressResponseSchema.safeParse(body);
  if (!parsed.success) throw badAnswer();
  return parsed.data.address;
}

/** The saved address (null when none is saved yet); shared by the buyer details page and the checkout. */
export const addressQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'address'],
    queryFn: () => fetchAddress(userId),
    retry: false,
    staleTime: 60_000,
  });
