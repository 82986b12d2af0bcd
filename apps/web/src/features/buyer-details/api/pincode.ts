import { queryOptions } from '@tanstack/react-query';
import { PINCODE_PATTERN, pincodeResponseSchema, type PincodeResult } from '@framewala/domain';
import { api, badAnswer } from '../../../lib/api';

/** `GET /api/pincode/:code` → India Post's shape `[{Status, Message, PostOffice}]`. */
export async function lookupPincode(code: string, signal?: AbortSignal): Promise<PincodeResult> {
  const body = await api.get<unknown>(`/api/pincode/${encodeURIComponent(code)}`, { signal });
  const parsed = pincodeResponseSchema.safeParse(body);
  const first = parsed.success ? parsed.data[0] : undefined;
  if (!first) throw badAnswer();
  return first;
}

/** A pincode's place, once per code (a code starting with 0 is never a pincode: nothing is asked for it). */
export const pincodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['pincode', code],
    queryFn: ({ signal }) => lookupPincode(code, signal),
    enabled: PINCODE_PATTERN.test(code),
    staleTime: Infinity,
    retry: false,
  });
