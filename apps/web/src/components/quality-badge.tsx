import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { PrintQuality } from '@framewala/domain';
import { qualityLabel, qualityWarning } from '../lib/print-texts';

const RATING_STYLES: Record<PrintQuality['rating'], string> = {
  excellent: 'bg-leaf-50 text-leaf-600 ring-leaf-600/20',
  good: 'bg-leaf-50 text-leaf-600 ring-leaf-600/20',
  low: 'bg-saffron-50 text-saffron-800 ring-saffron-300/60',
};

/** 'Excellent · 300 ppi' as a small badge; a low rating carries a warning mark and says it may look soft. */
export function QualityBadge({
  quality,
  wrap = false,
}: {
  quality: PrintQuality;
  /** May break over two lines (a narrow column). */ wrap?: boolean;
}) {
  useLingui(); // the label and warning follow a change of language
  const low = !quality.ok;
  return (
    <span
      data-quality={quality.rating}
      className={`inline-flex items-center gap-1 px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        wrap ? 'rounded-lg text-left' : 'rounded-full whitespace-nowrap'
      } ${RATING_STYLES[quality.rating]}`}
      title={qualityWarning(quality) ?? undefined}
    >
      {low ? (
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0" aria-hidden="true">
          <path d="M8 1.8 15 14H1Z" fill="currentColor" opacity="0.18" />
          <path
            d="M8 1.8 15 14H1Z M8 6v3.6 M8 11.6v.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : (
        <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-current" aria-hidden="true" />
      )}
      {wrap ? <BreakableLabel label={qualityLabel(quality)} /> : qualityLabel(quality)}
      {low ? (
        <span className="sr-only">
          {' '}
          <Trans>— may look soft from close up</Trans>
        </span>
      ) : null}
    </span>
  );
}

/** 'Good · AI-sharpened' that breaks only after its '·', never inside a part ('AI-' / 'sharpened'). */
function BreakableLabel({ label }: { label: string }) {
  const [head = '', ...rest] = label.split(' · ');
  if (rest.length === 0) return <span className="whitespace-nowrap">{label}</span>;
  return (
    <span>
      <span className="whitespace-nowrap">{head} ·</span> <span className="whitespace-nowrap">{rest.join(' · ')}</span>
    </span>
  );
}
