import type { ReactNode } from 'react';
import type { PrintQuality } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { ArrowRightIcon } from '../../components/icons';

export const STEP_HEADING_ID = 'editor-step-heading';

/** The panel's heading (h2: the page's h1 is 'Edit your photo') and an optional line under it. */
export function StepHeading({ eyebrow, title, hint }: { eyebrow?: string; title: string; hint?: ReactNode }) {
  return (
    <div className="mb-5">
      {eyebrow ? <p className="mb-1.5 text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">{eyebrow}</p> : null}
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

export function BackButton({ onClick, label = '← Back' }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" onClick={onClick} className={`${secondaryButton} w-full px-4 sm:w-auto`}>
      {label}
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
    <button type="button" onClick={onClick} disabled={disabled} aria-describedby={describedBy} className={`${primaryButton} order-first w-full px-5 sm:order-none sm:ml-auto sm:w-auto`}>
      {children}
      <ArrowRightIcon className="h-4 w-4" />
    </button>
  );
}

const RATING_STYLES: Record<PrintQuality['rating'], string> = {
  excellent: 'bg-leaf-50 text-leaf-600 ring-leaf-600/20',
  good: 'bg-leaf-50 text-leaf-600 ring-leaf-600/20',
  fair: 'bg-sand text-ink-700 ring-ink-300/40',
  low: 'bg-saffron-50 text-saffron-800 ring-saffron-300/60',
};

/** 'Excellent · 300 ppi' as a small badge; a low rating carries a warning mark and says it may print blurry. */
export function QualityBadge({ quality }: { quality: PrintQuality }) {
  const low = !quality.ok;
  return (
    <span
      data-quality={quality.rating}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${RATING_STYLES[quality.rating]}`}
      title={quality.warning ?? undefined}
    >
      {low ? (
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
          <path d="M8 1.8 15 14H1Z" fill="currentColor" opacity="0.18" />
          <path d="M8 1.8 15 14H1Z M8 6v3.6 M8 11.6v.2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : (
        <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" />
      )}
      {quality.label}
      {low ? <span className="sr-only"> — may print blurry</span> : null}
    </span>
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
        Try again
      </button>
    </div>
  );
}
