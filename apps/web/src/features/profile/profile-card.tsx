import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** What a missing value reads as. */
export function NotAvailable() {
  return <Trans>N/A</Trans>;
}

export function Card({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={id} className="text-2xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
