import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { COUPON_SUMMARY_OFF, COUPON_SUMMARY_SHIPPING_INCLUDED, formatInr } from '@framewala/domain';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../lib/error-messages';
import { activeLocale } from '../lib/i18n';
import { secondaryButton, textLink } from './button-styles';
import { inputClass } from './form-controls';

export interface AppliedCoupon {
  code: string;
  summary: string;
  discountPaise: number;
}

/**
 * "Have a coupon code?": the customer types a code and applies it; the caller asks the server (which prices it) and
 * throws the server's reason when it does not apply (expired, minimum not reached, already used, unknown). Without
 * `onApply` and `onRemove` the code is fixed (an order already made keeps its own): it is shown, not changed.
 */
export function CouponField({
  applied,
  onApply,
  onRemove,
  problem,
}: {
  applied: AppliedCoupon | null;
  onApply?: (code: string) => Promise<void>;
  onRemove?: () => void;
  /** Why the applied code gives nothing now (the order changed), in the active language. */
  problem?: string | null;
}) {
  const { t } = useLingui();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t`Enter a coupon code.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onApply?.(typed);
      setCode('');
    } catch (e) {
      setError(errorText(e, t`The code could not be checked. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    const code = applied.code;
    const summary = couponSummaryText(applied.summary);
    return (
      <div className="mt-5 rounded-2xl border border-leaf-600/25 bg-leaf-50 px-4 py-3" data-testid="coupon-applied">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="m-0 text-ink-800">
            <Trans>
              <span className="font-semibold tracking-wide text-ink-900">{code}</span> applied · {summary}
            </Trans>
            {applied.discountPaise > 0 && !applied.summary.startsWith(formatInr(applied.discountPaise)) ? (
              <span className="font-medium text-leaf-600"> (−{formatInr(applied.discountPaise)})</span>
            ) : null}
          </p>
          {onRemove ? (
            <button type="button" className={textLink} onClick={onRemove}>
              <Trans>Remove</Trans>
            </button>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    );
  }

  if (!onApply) return null;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-5" aria-label={t`Coupon code`}>
      <label htmlFor={id} className="block font-medium text-ink-900">
        <Trans>Have a coupon code?</Trans>
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          placeholder={t`e.g. DIWALI10`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} min-w-0 flex-1 uppercase placeholder:normal-case`}
        />
        <button type="submit" className={secondaryButton} disabled={busy}>
          {busy ? t`Checking…` : t`Apply`}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * What a code gives, in the active language. The server words it with the domain's `couponSummary` ('10% off',
 * '₹200.00 off, shipping included'); the amount is the same in every language, the words around it are said here.
 * A summary of another form is shown as it came in English and left out in another language.
 */
function couponSummaryText(summary: string): string {
  const shipping = summary.endsWith(COUPON_SUMMARY_SHIPPING_INCLUDED);
  const off = shipping ? summary.slice(0, -COUPON_SUMMARY_SHIPPING_INCLUDED.length) : summary;
  if (!off.endsWith(COUPON_SUMMARY_OFF) || off.length === COUPON_SUMMARY_OFF.length) return activeLocale() === 'en' ? summary : '';
  const amount = off.slice(0, -COUPON_SUMMARY_OFF.length);
  return shipping ? t`${amount} off, shipping included` : t`${amount} off`;
}
