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
export function QualityBadge({ quality }: { quality: PrintQuality }) {
  useLingui(); // the label and warning follow a change of language
  const low = !quality.ok;
  return (
    <span
      data-quality={quality.rating}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${RATING_STYLES[quality.rating]}`}
      title={qualityWarning(quality) ?? undefined}
    >
      {low ? (
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
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
        <span className="h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" />
      )}
      {qualityLabel(quality)}
      {low ? (
        <span className="sr-only">
          {' '}
          <Trans>— may look soft from close up</Trans>
        </span>
      ) : null}
    </span>
  );
}
