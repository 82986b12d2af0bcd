import { useSyncExternalStore } from 'react';

/**
 * Small accessible toasts (seed §8: 'Address saved successfully!', 'Login Successfully', …).
 * `showToast` can be called from anywhere; `<ToastViewport />` (mounted once, by the header) renders them in two
 * live region (polite) for success and information; error toasts are alerts. A toast closes by itself after its
 * duration (3 s by default, seed §9) unless the pointer or keyboard focus is on it, and has a close button.
 */
export type ToastTone = 'success' | 'error' | 'info';

export type Toast = {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
};

export const DEFAULT_TOAST_MS = 3000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(message: string, options: { tone?: ToastTone; durationMs?: number } = {}): number {
  const id = nextId++;
  // The same message twice in a row replaces the first instead of stacking.
  const others = toasts.filter((toast) => toast.message !== message);
  setToasts([...others.slice(-2), { id, message, tone: options.tone ?? 'success', durationMs: options.durationMs ?? DEFAULT_TOAST_MS }]);
  return id;
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
