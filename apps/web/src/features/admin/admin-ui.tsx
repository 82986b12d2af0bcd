import type { ReactNode } from 'react';
import { AlertIcon } from '../../components/icons';
import { statusLabel, statusTone } from '../../lib/orders/order-status';
import { errorText } from './error-text';

/** A console page's frame: a heading band with the page's h1 (the console's sections are in its header). */
export function AdminShell({
  title,
  eyebrow = 'Shop console',
  intro,
  actions,
  back,
  children,
}: {
  back?: ReactNode;
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <meta name="robots" content="noindex" />
      <div className="border-b border-ink-100/80 bg-gradient-to-b from-sand/70 to-cream">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-6 sm:px-6 sm:pt-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              {back ? <div className="-mt-2 mb-1">{back}</div> : null}
              <p className="mb-2 text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">{eyebrow}</p>
              <h1 className="text-[1.9rem] leading-tight font-semibold break-words sm:text-[2.3rem]">{title}</h1>
              {intro ? <div className="mt-2 max-w-2xl text-ink-600">{intro}</div> : null}
            </div>
            {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>
    </>
  );
}

export function Panel({
  title,
  id,
  action,
  children,
  className = '',
  testId,
}: {
  title: string;
  id: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className={`min-w-0 rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={id} className="text-xl font-semibold sm:text-[1.4rem]">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${statusTone(status)}`}>
      {statusLabel(status)}
    </span>
  );
}

/** A payment needs the owner: it reached a cancelled order (and is refunded), or did not cover the order. */
export function PaymentIssueBadge({ title }: { title?: string }) {
  return (
    <span
      title={title}
      className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-red-800"
    >
      <AlertIcon className="h-3.5 w-3.5" />
      Payment issue
    </span>
  );
}

export function ErrorBox({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <AlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        <p className="[overflow-wrap:anywhere]">{errorText(error)}</p>
        {onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A term and its value in a description list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-4 py-2.5">
      <dt className="text-sm text-ink-500">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere] text-ink-900">{children}</dd>
    </div>
  );
}

export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl aria-label={label} className="divide-y divide-ink-100 rounded-2xl border border-ink-100 text-[0.95rem]">
      {children}
    </dl>
  );
}
