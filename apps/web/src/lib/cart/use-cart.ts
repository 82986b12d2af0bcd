/**
 * The cart as the pages share it: the signed-in customer's server cart (TanStack Query; the server prices it) beside
 * the lines kept in the browser (`local-cart.ts`). The header's count, the editor's summary, /addtocart and the
 * checkout read one state.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../auth';
import type { OrderDraft } from '../order-draft/order-draft';
import { CART_QUERY_KEY, cartQueryOptions } from './cart-api';
import { addToCart, cartUserId, mergeIntoAccount, saveEditedLine, startCheckout } from './cart-actions';
import { useLocalCart, type EditingLine } from './local-cart';

/** The server cart of a signed-in customer (`userId` from `cartUserId`; null while signed out). */
export function useServerCart(userId: string | null) {
  return useQuery(cartQueryOptions(userId));
}

/** The server cart of whoever is signed in now (nothing while signed out). */
export function useAccountCart() {
  return useServerCart(cartUserId(useSession()));
}

/**
 * The header's count: framed pieces in the cart (the sum of quantities), without the catalogue. Signed in, it also
 * moves lines left in the browser into the account (a sign-in in another tab, or a merge cut short).
 */
export function useCartCount(): number {
  const session = useSession();
  const local = useLocalCart();
  const server = useServerCart(cartUserId(session));
  const queryClient = useQueryClient();
  const unmerged = session !== null && local.lines.some((l) => l.problem === null);
  useEffect(() => {
    if (unmerged) void mergeIntoAccount(queryClient).then(() => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }));
  }, [unmerged, queryClient]);
  return (server.data?.itemCount ?? 0) + local.lines.reduce((n, l) => n + l.draft.quantity, 0);
}

/** The editor's cart actions (and where its 'Proceed to Checkout' goes), bound to the app's query client. */
export function useCartActions() {
  const queryClient = useQueryClient();
  return {
    add: (draft: OrderDraft, serverLineCount: number) => addToCart(queryClient, draft, serverLineCount),
    saveEdit: (editing: EditingLine, draft: OrderDraft) => saveEditedLine(queryClient, editing, draft),
    startCheckout: (draft: OrderDraft, editing: EditingLine | null) => startCheckout(queryClient, draft, editing),
  };
}
