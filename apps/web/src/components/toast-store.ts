import { useSyncExternalStore } from 'react';

/**
 * Small accessible toasts.
 * `showToast` can be called from anywhere; `<ToastViewport />` (mounted once, by the header) renders them in two
 * live region (polite) for success and information; error toasts are alerts. A toast closes by itself after its
 * duration (3 s by default) unless the pointer or keyboard focus is on it, and has a close button.
 *
 * A toast belongs to one page: the page on screen once the action that showed it has finished. An action that shows a
 * toast and navigates ('Login Successfully', then the page the customer came from) shows it on the page it leads to;
 * the next navigation closes it (`closeToastsOnNavigation`), so a message never outlives its page.
 */
export type ToastTone = 'success' | 'error' | 'info';

export type Toast = {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
  /** The location key of the page the toast belongs to; null until the action that showed it has finished. */
  page: string | null;
};

/** What the toasts need of the app's router (a React Router data router has all of it). */
type RouterState = { readonly location: { readonly key: string }; readonly navigation: { readonly state: string } };
export type NavigationSource = {
  readonly state: RouterState;
  subscribe: (listener: (state: RouterState) => void) => () => void;
};

export const DEFAULT_TOAST_MS = 3000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
/** The current page's location key, once a router is watched. */
let currentPage: (() => string) | null = null;
/** Whether the router is between pages (a lazy route's code still loading), once a router is watched. */
let navigating: (() => boolean) | null = null;

function setToasts(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(message: string, options: { tone?: ToastTone; durationMs?: number } = {}): number {
  const id = nextId++;
  // The same message twice in a row replaces the first instead of stacking.
  const others = toasts.filter((toast) => toast.message !== message);
  setToasts([
    ...others.slice(-2),
    { id, message, tone: options.tone ?? 'success', durationMs: options.durationMs ?? DEFAULT_TOAST_MS, page: null },
  ]);
  // A navigation started by the same action (a click handler, an effect) has begun by the next task: bind then, to the
  // page it leads to; if that page is still loading (a lazy route), when it arrives.
  if (currentPage) window.setTimeout(bindToPage, 0);
  return id;
}

function bindToPage() {
  if (!currentPage || !toasts.some((toast) => toast.page === null)) return;
  if (navigating?.()) return;
  const page = currentPage();
  setToasts(toasts.map((toast) => (toast.page === null ? { ...toast, page } : toast)));
}

/**
 * Closes the toasts of a page when the router leaves it. Returns a function that stops watching. The app calls it
 * once with its router; without it toasts close only at their timers and by their button.
 */
export function closeToastsOnNavigation(router: NavigationSource): () => void {
  let page = router.state.location.key;
  currentPage = () => router.state.location.key;
  navigating = () => router.state.navigation.state !== 'idle';
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key !== page) {
      page = state.location.key;
      if (toasts.some((toast) => toast.page !== null && toast.page !== page)) {
        setToasts(toasts.filter((toast) => toast.page === null || toast.page === page));
      }
    }
    // A toast whose action led to a page that was still loading belongs to the page that has now arrived.
    if (state.navigation.state === 'idle') bindToPage();
  });
  return () => {
    unsubscribe();
    currentPage = null;
    navigating = null;
  };
}

export function dismissToast(id: number): void {
  setToasts(toasts.filter((toast) => toast.id !== id));
}

/** For tests. */
export function clearToasts(): void {
  setToasts([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getToasts = () => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}

/** Space between a moved toast and the field it keeps clear of. */
const GAP_PX = 8;

/**
 * The `top` (px) that keeps the toasts off the focused field, or null where they already are clear of it. `stack` is
 * where the toasts are at their own place, `field` the focused field, `viewportHeight` the visible height.
 */
export function clearOfField(stack: DOMRect, field: DOMRect, viewportHeight: number): number | null {
  const overlaps = stack.height > 0 && field.height > 0 && stack.top < field.bottom && field.top < stack.bottom;
  if (!overlaps) return null;
  const below = field.bottom + GAP_PX;
  if (below + stack.height <= viewportHeight) return below;
  return Math.max(0, field.top - GAP_PX - stack.height);
}
