import { Trans, useLingui } from '@lingui/react/macro';
import { trackingLink } from '@framewala/domain';

/**
 * A shipment's tracking number: a link to its carrier's tracking page (a new tab) when the shop knows the carrier
 * (the domain's `trackingLink`), else the number as text. India Post's and Shadowfax's pages do not take the number in
 * their address: the customer types it there, and a word says so.
 */
export function TrackingNumber({
  number,
  carrier,
  compact = false,
  className = '',
}: {
  number: string;
  carrier: string | null | undefined;
  /** Leave out the word on typing the number in (a list row names the carrier beside it already). */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const link = trackingLink(carrier, number);
  if (!link) return <span className={className}>{number}</span>;
  const name = link.carrier;
  return (
    <>
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className={`font-medium text-saffron-800 underline decoration-saffron-300 underline-offset-4 hover:decoration-saffron-700 ${className}`}
        aria-label={t`${number}: track it on ${name}’s site (opens in a new tab)`}
        data-testid="tracking-link"
      >
        {number}
      </a>
      {link.numberInUrl || compact ? null : (
        <span className="text-sm font-normal">
          {' '}
          <Trans>(type the number on {name}’s page)</Trans>
        </span>
      )}
    </>
  );
}
