import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CheckIcon, CloseIcon } from './icons';
import { dismissToast, useToasts, type Toast, type ToastTone } from './toast-store';

/** Renders the toasts of `toast-store`: a polite live region, and error toasts as alerts. Mounted once (header). */
const subscribeNothing = () => () => {};

export function ToastViewport() {
  const list = useToasts();
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
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:bottom-6 sm:items-end sm:px-6">
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
