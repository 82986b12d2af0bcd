import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { ArrowRightIcon } from '../../components/icons';

export const STEP_HEADING_ID = 'editor-step-heading';

/** The panel's heading (h2: the page's h1 is 'Edit your photo') and an optional line under it. */
export function StepHeading({ eyebrow, title, hint }: { eyebrow?: string; title: string; hint?: ReactNode }) {
  return (
    <div className="mb-5">
      {eyebrow ? (
        <p className="mb-1.5 text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={STEP_HEADING_ID} tabIndex={-1} className="text-[1.45rem] leading-snug font-semibold focus:outline-none sm:text-[1.6rem]">
        {title}
      </h2>
      {hint ? <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-600">{hint}</p> : null}
    </div>
  );
}

/** The row of Back / Next buttons at the bottom of a panel. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-ink-100 pt-5 sm:gap-3">{children}</div>;
}

export function BackButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useLingui();
  return (
    <button type="button" onClick={onClick} className={`${secondaryButton} w-full px-4 sm:w-auto`}>
      {label ?? t`← Back`}
    </button>
  );
}

export function NextButton({
  onClick,
  children,
  disabled,
  describedBy,
}: {
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-describedby={describedBy}
      className={`${primaryButton} order-first w-full px-5 sm:order-none sm:ml-auto sm:w-auto`}
    >
      {children}
      <ArrowRightIcon className="h-4 w-4" />
    </button>
  );
}

export function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-2" aria-label={label}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="h-11 animate-pulse rounded-lg bg-ink-100/70" />
      ))}
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-saffron-200 bg-saffron-50 p-4 text-[0.95rem] text-saffron-900">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-3 min-h-10 px-4 py-1.5 text-sm`}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
