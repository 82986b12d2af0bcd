import type { OrderInvoice } from '@framewala/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { secondaryButton, textLink } from './button-styles';
import { downloadProtectedFile } from '../lib/protected-file';
import { errorText } from '../lib/error-messages';

/**
 * "Download GST invoice" for a paid order: the buyer's and the owner's (the server refuses anyone else). `compact` is a
 * short text link for a row in a list of orders.
 */
export function InvoiceLink({
  invoice,
  className = '',
  compact = false,
}: {
  invoice: OrderInvoice;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const number = invoice.number;
  const creditNote = invoice.creditNote?.number;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadProtectedFile(invoice.url, `${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    } catch (e) {
      setError(errorText(e, t`The invoice could not be downloaded. Please try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      {compact ? (
        <button
          type="button"
          className={`${textLink} inline-flex min-h-11 items-center text-sm`}
          onClick={() => void download()}
          disabled={busy}
          aria-label={t`Download GST invoice ${number}`}
        >
          {busy ? t`Preparing the invoice…` : t`GST invoice (PDF)`}
        </button>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => void download()} disabled={busy}>
          {busy ? t`Preparing the invoice…` : t`Download GST invoice ${number}`}
        </button>
      )}
      {creditNote && !compact ? (
        <p className="mt-2 text-sm text-ink-600">
          <Trans>Credit note {creditNote} cancels this invoice (it is on page 2 of the PDF).</Trans>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
