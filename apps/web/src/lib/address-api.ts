import {
  getAddressResponseSchema,
  addAddressResponseSchema,
  pincodeResponseSchema,
  type Address,
  type PincodeResult,
  type SavedAddress,
} from '@framewala/domain';
import { api, badAnswer } from './api';
import { authedApi } from './auth-request';

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

/** `GET /api/pincode/:code` → India Post's shape `[{Status, Message, PostOffice}]`. */
export async function lookupPincode(code: string, signal?: AbortSignal): Promise<PincodeResult> {
  const body = await api.get<unknown>(`/api/pincode/${encodeURIComponent(code)}`, { signal });
  const parsed = pincodeResponseSchema.safeParse(body);
  const first = parsed.success ? parsed.data[0] : undefined;
  if (!first) throw badAnswer();
  return first;
}
