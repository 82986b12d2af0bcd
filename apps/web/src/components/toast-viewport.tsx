import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CheckIcon, CloseIcon } from './icons';
import { clearOfField, dismissToast, useToasts, type Toast, type ToastTone } from './toast-store';

/**
 * Renders the toasts of `toast-store`: a polite live region, and error toasts as alerts. Mounted once (header).
 *
 * Where they show: at the top on a phone, away from the on-screen keyboard and the fields above it; bottom right on
 * wider screens, beside the forms. Whatever the screen, a toast never covers the field being typed in: when the focused
 * field lies under the toasts, they move just below it (or above it, when there is no room below).
 */
const subscribeNothing = () => () => {};

/** A field the customer types in (a button, a box to tick or a slider is not one). */
function isTypingField(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return (
    element instanceof HTMLInputElement &&
    !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image', 'hidden'].includes(element.type)
  );
}

/** Moves the toasts off the focused field while there are toasts; null while they may stay at their own place. */
function useClearOfFocusedField(stack: RefObject<HTMLDivElement | null>, active: boolean): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!active) {
      setTop(null);
      return;
    }
    const place = () => {
      const element = stack.current;
      const field = document.activeElement;
      if (!element || !isTypingField(field)) {
        setTop(null);
        return;
      }
      // Measured at the toasts' own place: the moved position is only ever an override of it.
      const moved = element.style.top;
      element.style.top = '';
      const own = element.getBoundingClientRect();
      element.style.top = moved;
      const height = window.visualViewport?.height ?? window.innerHeight;
      setTop(clearOfField(own, field.getBoundingClientRect(), height));
    };
    place();
    const events = ['focusin', 'focusout', 'resize'] as const;
    for (const event of events) window.addEventListener(event, place);
    window.addEventListener('scroll', place, true);
    window.visualViewport?.addEventListener('resize', place);
    window.visualViewport?.addEventListener('scroll', place);
    return () => {
      for (const event of events) window.removeEventListener(event, place);
      window.removeEventListener('scroll', place, true);
      window.visualViewport?.removeEventListener('resize', place);
      window.visualViewport?.removeEventListener('scroll', place);
    };
  }, [active, stack]);
  return top;
}

export function ToastViewport() {
  const list = useToasts();
  const stack = useRef<HTMLDivElement>(null);
  const top = useClearOfFocusedField(stack, list.length > 0);
  // Mounted in the browser only: pages rendered to HTML at build time have no document.body to portal into.
  const inBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const polite = list.filter((toast) => toast.tone !== 'error');
  const assertive = list.filter((toast) => toast.tone === 'error');
  if (!inBrowser) return null;
  return createPortal(
    <div
      ref={stack}
      data-testid="toasts"
      style={top === null ? undefined : { top: `${top}px`, bottom: 'auto' }}
      className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+0.75rem)] z-[60] flex flex-col items-center gap-2 px-4 sm:top-auto sm:bottom-6 sm:items-end sm:px-6"
    >
      {/* A live region present before any message, so screen readers announce what is added to it. */}
      <div aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {polite.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </div>
      {/* Errors: each card is an alert, announced as it appears (no empty alert waits on the page). */}
      <div className="flex w-full flex-col items-center gap-2 sm:items-end">
        {assertive.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </div>
    </div>,
    document.body,
  );
}

const TONE_CLASSES: Record<ToastTone, string> = {
  success: 'border-leaf-600/30 bg-white text-ink-900',
  info: 'border-ink-200 bg-white text-ink-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useLingui();
  const paused = useRef(false);
  const remaining = useRef(toast.durationMs);

  useEffect(() => {
    let started = Date.now();
    const interval = window.setInterval(() => {
      const now = Date.now();
      if (!paused.current) remaining.current -= now - started;
      started = now;
      if (remaining.current <= 0) dismissToast(toast.id);
    }, 100);
    return () => window.clearInterval(interval);
  }, [toast.id]);

  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };

  return (
    <div
      data-testid="toast"
      data-tone={toast.tone}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border px-4 py-3 shadow-lg shadow-ink-900/10 ${TONE_CLASSES[toast.tone]}`}
    >
      {toast.tone === 'success' ? (
        <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-leaf-50 text-leaf-600">
          <CheckIcon className="h-4 w-4" />
        </span>
      ) : toast.tone === 'error' ? (
        <span
          aria-hidden="true"
          className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-red-100 font-bold text-red-700"
        >
          !
        </span>
      ) : null}
      <p className="min-w-0 flex-1 pt-0.5 font-medium">{toast.message}</p>
      <button
        type="button"
        aria-label={t`Dismiss`}
        onClick={() => dismissToast(toast.id)}
        className="-my-1.5 -mr-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-current opacity-70 hover:bg-ink-100/70 hover:opacity-100"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
