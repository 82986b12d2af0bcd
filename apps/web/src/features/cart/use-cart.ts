/**
 * The whole cart as /addtocart shows it: the signed-in customer's server cart (priced by the server) plus any line the
 * sign-in merge could not move, or the browser's anonymous lines (priced here), and the page's own changes to a line.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAccountCart } from '../../lib/cart/use-cart';
import { applyCartCoupon, CART_QUERY_KEY, removeCartCoupon, removeServerLine, setServerLineQuantity } from '../../lib/cart/cart-api';
import { cartChangeFailed, storeServerCart, type CartResult } from '../../lib/cart/cart-actions';
import { getLocalCart, rememberDraft, removeLocalLine, setLocalQuantity, updateLocalCart, useLocalCart } from '../../lib/cart/local-cart';
import { useFrameSets, useWhiteBorders } from '../../lib/catalogue/catalogue-api';
import { useSession } from '../../lib/auth';
import { localItem, outerOf, serverItem, type CartItem, type CartView } from './cart-items';

export function useCart(): CartView {
  const session = useSession();
  const local = useLocalCart();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const server = useAccountCart();
  const leftovers = local.lines.map((l) => localItem(l, sets.data, borders.data));
  const serverItems = (server.data?.lines ?? []).map((l) => serverItem(l, l.clientLineId ? (local.drafts[l.clientLineId] ?? null) : null));
  const items = [...serverItems, ...leftovers];
  const count = (list: readonly CartItem[]) => list.reduce((n, i) => n + i.quantity, 0);
  const localSubtotal = leftovers.reduce((n, i) => n + (i.linePaise ?? 0), 0);
  const signedIn = session !== null;
  return {
    signedIn,
    ready: (signedIn ? !server.isPending : true) && (local.lines.length === 0 || (!sets.isPending && !borders.isPending)),
    error: server.error ?? null,
    items,
    itemCount: count(items),
    subtotalPaise: (server.data?.subtotalPaise ?? 0) + localSubtotal,
    maxOuterInches: outerOf(items),
    server: server.data ?? null,
    payable: items.length > 0 && items.every((i) => i.problem === null),
  };
}

export async function changeQuantity(queryClient: QueryClient, item: CartItem, quantity: number): Promise<CartResult> {
  if (item.serverId === null) {
    if (item.clientLineId) updateLocalCart((c) => setLocalQuantity(c, item.clientLineId!, quantity));
    return { ok: true };
  }
  try {
    const { cart } = await setServerLineQuantity(item.serverId, quantity);
    if (item.clientLineId) {
      const draft = getLocalCart().drafts[item.clientLineId];
      if (draft) updateLocalCart((c) => rememberDraft(c, item.clientLineId!, { ...draft, quantity }));
    }
    storeServerCart(queryClient, cart);
    return { ok: true };
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    return cartChangeFailed(error);
  }
}

export async function removeItem(queryClient: QueryClient, item: CartItem): Promise<CartResult> {
  if (item.serverId === null) {
    if (item.clientLineId) updateLocalCart((c) => removeLocalLine(c, item.clientLineId!));
    return { ok: true };
  }
  try {
    const cart = await removeServerLine(item.serverId);
    if (item.clientLineId) updateLocalCart((c) => removeLocalLine(c, item.clientLineId!));
    storeServerCart(queryClient, cart);
    return { ok: true };
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    return cartChangeFailed(error);
  }
}

/** The line actions of /addtocart, bound to the app's query client. */
export function useCartLineActions() {
  const queryClient = useQueryClient();
  return {
    setQuantity: (item: CartItem, quantity: number) => changeQuantity(queryClient, item, quantity),
    remove: (item: CartItem) => removeItem(queryClient, item),
    /** The server prices the code for the account's cart; throws the reason (422) when it does not apply. */
    applyCoupon: async (code: string) => storeServerCart(queryClient, await applyCartCoupon(code)),
    removeCoupon: async () => storeServerCart(queryClient, await removeCartCoupon()),
  };
}
