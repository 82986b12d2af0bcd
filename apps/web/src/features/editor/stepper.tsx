import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { EditorStep } from '@framewala/domain';

const STEPPER: readonly { label: MessageDescriptor; steps: readonly EditorStep[] }[] = [
  { label: msg`Size`, steps: [1, 2] },
  { label: msg`Frame`, steps: [3] },
  { label: msg`Border`, steps: [4] },
  { label: msg`Summary`, steps: [5] },
];

export function Stepper({ step }: { step: EditorStep }) {
  const { t, i18n } = useLingui();
  const current = STEPPER.findIndex((s) => s.steps.includes(step));
  return (
    <ol className="flex items-center gap-1.5 text-sm sm:gap-2" aria-label={t`Progress`}>
      {STEPPER.map((s, i) => {
        const done = current > i;
        const active = current === i;
        return (
          <li key={s.steps[0]} className="flex items-center gap-1.5 sm:gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={`flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold ${
                active ? 'bg-saffron-700 text-white' : done ? 'bg-saffron-100 text-saffron-800' : 'bg-ink-100 text-ink-500'
              }`}
            >
              {i + 1}
            </span>
            <span className={`${active ? 'font-semibold text-ink-900' : 'text-ink-500'} ${active ? '' : 'hidden sm:inline'}`}>
              {i18n._(s.label)}
            </span>
            {i < STEPPER.length - 1 ? <span className="h-px w-4 bg-ink-200 sm:w-6" aria-hidden="true" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
