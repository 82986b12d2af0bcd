import type { OrderInvoice } from '@framewala/domain';
import { useState } from 'react';
import { secondaryButton } from './button-styles';
import { downloadInvoice } from '../lib/coupon-api';

/** "Download GST invoice" for a paid order: the buyer's and the owner's (the server refuses anyone else). */
export function InvoiceLink({ invoice, className = '' }: { invoice: OrderInvoice; className?: string }) {
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
      <button type="button" className={secondaryButton} onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing the invoice…' : `Download GST invoice ${invoice.number}`}
      </button>
      {invoice.creditNote ? (
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
