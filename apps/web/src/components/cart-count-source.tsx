import { useEffect } from 'react';
import { useCartCount } from '../lib/cart/use-cart';

/**
 * Reports the cart's item count to the header. Loaded after the page has painted: the count needs the cart's
 * contract (zod), the catalogue and the merge into the account, none of which a first paint needs.
 */
export default function CartCountSource({ onCount }: { onCount: (count: number) => void }) {
  const count = useCartCount();
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
