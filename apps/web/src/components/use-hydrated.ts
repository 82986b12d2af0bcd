import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React takes over a page that was rendered at build time (and in that render itself), true once it has
 * and in any page rendered in the browser. A prerendered page renders as it was built first, then as it is now.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
