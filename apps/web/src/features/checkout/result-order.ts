/** The order /success and /cancel are about: named in the address (`?order=<number>`), read from the customer's orders. */
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { useSession, type SessionUser } from '../../lib/auth';
import { orderQueryOptions } from '../../lib/orders/orders-api';

export function fullName(user: SessionUser | null): string {
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

export function useOrderFromQuery() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order')?.trim() || null;
  const session = useSession();
  const query = useQuery({
    ...orderQueryOptions(session?.token ?? null, orderNumber ?? ''),
    enabled: orderNumber !== null && session !== null,
  });
  return { orderNumber, query, user: session?.user ?? null };
}

export function orderProblem(orderNumber: string | null, error: unknown): string | null {
  if (!orderNumber) return t`No order number was given.`;
  if (!error) return null;
  if (isApiError(error) && error.status === 404) return t`We could not find order ${orderNumber} in your account.`;
  return t`We could not load your order details just now. Your order is safe; check your profile in a moment.`;
}
