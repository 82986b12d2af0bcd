import type { OrderInvoice } from '@framewala/domain';
import { useState } from 'react';
import { secondaryButton, textLink } from './button-styles';
import { downloadInvoice } from '../lib/coupon-api';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadInvoice(invoice.url, `${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The invoice could not be downloaded. Please try again.');
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
          aria-label={`Download GST invoice ${invoice.number}`}
        >
          {busy ? 'Preparing the invoice…' : 'GST invoice (PDF)'}
        </button>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => void download()} disabled={busy}>
          {busy ? 'Preparing the invoice…' : `Download GST invoice ${invoice.number}`}
        </button>
      )}
      {invoice.creditNote && !compact ? (
        <p className="mt-2 text-sm text-ink-600">
          Credit note {invoice.creditNote.number} cancels this invoice (it is on page 2 of the PDF).
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
