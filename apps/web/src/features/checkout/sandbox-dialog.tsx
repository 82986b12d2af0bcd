import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { formatInr } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { useModalDialog } from '../../components/use-modal-dialog';
import { inputClass, labelClass } from '../../components/form-controls';
import { errorText } from '../../lib/error-messages';
import type { SandboxCard } from './api/payments';
import { digits, SANDBOX_CARDS, sandboxCardFor } from './sandbox-cards';

/** Groups of four digits, as printed on a card. */
function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

type SandboxDialogProps = {
  amountPaise: number;
  orderNumber: string;
  /** Resolves when the payment has been handled (the page navigates away); rejects with a message to show. */
  onPay: (card: SandboxCard) => Promise<void>;
  onCancel: () => void;
};

/**
 * The development checkout: stands in for Razorpay's window when no keys are configured,
 * clearly marked as a test. The server signs its answer exactly as Razorpay does, so the same verify path runs.
 */
export function SandboxDialog({ amountPaise, orderNumber, onPay, onCancel }: SandboxDialogProps) {
  const { i18n, t } = useLingui();
  const amount = formatInr(amountPaise);
  const titleId = useId();
  const descId = useId();
  const cardId = useId();
  const errorId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [number, setNumber] = useState<string>(SANDBOX_CARDS[0].number);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const chosen = SANDBOX_CARDS.find((card) => digits(card.number) === digits(number))?.id ?? 'other';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    const card = sandboxCardFor(number);
    if (!card) {
      setError(t`Enter a card number of 12 to 19 digits, or choose a test card.`);
      return;
    }
    setError(null);
    setPaying(true);
    try {
      await onPay(card);
    } catch (failure) {
      setError(errorText(failure, t`The test payment could not be made. Please try again.`));
      setPaying(false);
    }
  };

  const onKeyDown = useModalDialog(dialogRef, () => {
    if (!paying) onCancel();
  });

  return (
    <div className="fixed inset-0 z-[70] flex items-end justify-center bg-ink-900/55 sm:items-center sm:p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative max-h-[100dvh] w-full max-w-md overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl shadow-ink-900/30 focus:outline-none sm:rounded-3xl sm:p-7"
      >
        <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
          <Trans>No real money is taken</Trans>
        </p>
        <h2 id={titleId} className="mt-3 text-2xl font-semibold">
          <Trans>Test payment — sandbox</Trans>
        </h2>
        <p id={descId} className="mt-1.5 text-ink-600">
          <Trans>Order {orderNumber}. This development checkout stands in for Razorpay.</Trans>
        </p>
        <p className="mt-4 flex items-baseline justify-between gap-3 rounded-2xl bg-cream px-4 py-3">
          <span className="text-ink-700">
            <Trans>Amount to pay</Trans>
          </span>
          <span className="font-serif text-2xl font-semibold text-ink-900 tabular-nums" data-testid="sandbox-amount">
            {amount}
          </span>
        </p>

        <form noValidate onSubmit={(event) => void submit(event)} className="mt-5">
          <fieldset disabled={paying}>
            <legend className={labelClass}>
              <Trans>Test cards</Trans>
            </legend>
            <div className="flex flex-col gap-2">
              {SANDBOX_CARDS.map((card) => (
                <label
                  key={card.id}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-ink-200 px-3.5 py-2.5 has-checked:border-saffron-500 has-checked:bg-saffron-50"
                >
                  <input
                    type="radio"
                    name="sandbox-card"
                    value={card.id}
                    checked={chosen === card.id}
                    onChange={() => {
                      setNumber(card.number);
                      setError(null);
                    }}
                    className="h-4 w-4 accent-saffron-700"
                  />
                  <span className="flex flex-col">
                    <span className="font-medium text-ink-900">{i18n._(card.label)}</span>
                    <span className="font-mono text-sm text-ink-600">{card.number}</span>
                  </span>
                </label>
              ))}
            </div>
            <label htmlFor={cardId} className={`${labelClass} mt-4`}>
              <Trans>Card number</Trans>
            </label>
            <input
              id={cardId}
              inputMode="numeric"
              autoComplete="off"
              value={number}
              onChange={(event) => {
                setNumber(formatCardNumber(event.target.value));
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${inputClass} font-mono`}
            />
          </fieldset>
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={onCancel} disabled={paying} className={secondaryButton}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" disabled={paying} className={`${primaryButton} sm:min-w-36`}>
              {paying ? t`Paying…` : t`Pay ${amount}`}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
