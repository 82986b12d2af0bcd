import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CheckIcon } from './icons';

const STEPS = [msg`Your frame`, msg`Buyer details`, msg`Payment`] as const;

/** The three order steps; `current` is 1 on buyer details and 2 on the payment step. */
export function OrderSteps({ current: currentIndex = 1 }: { current?: number }) {
  const { i18n, t } = useLingui();
  return (
    <ol aria-label={t`Order steps`} className="flex items-center gap-1.5 text-sm sm:gap-2">
      {STEPS.map((step, index) => {
        const current = index === currentIndex;
        const done = index < currentIndex;
        return (
          <li key={step.id} className="flex items-center gap-1.5 sm:gap-2">
            {index > 0 ? <span aria-hidden="true" className="h-px w-4 bg-ink-200 sm:w-8" /> : null}
            <span
              aria-current={current ? 'step' : undefined}
              className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-medium whitespace-nowrap sm:px-3 ${
                current ? 'bg-saffron-700 text-white' : done ? 'bg-leaf-50 text-leaf-600' : 'bg-white text-ink-500 ring-1 ring-ink-100'
              }`}
            >
              {done ? <CheckIcon className="h-4 w-4" /> : <span aria-hidden="true">{index + 1}</span>}
              {/* On a phone only the current step is named; the others keep their name for screen readers. */}
              <span className={current ? undefined : 'sr-only sm:not-sr-only'}>{i18n._(step)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
