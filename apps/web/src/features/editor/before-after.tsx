import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

/**
 * Two versions of a photo, one over the other, with a handle that moves the split: "Before" on the left of it,
 * "After" on the right. The range input is the handle (keyboard and touch work as for any slider).
 */
export function BeforeAfter({ before, after, alt, aspect }: { before: string; after: string; alt: string; aspect: number }) {
  const { t } = useLingui();
  const [split, setSplit] = useState(50);
  const id = useId();
  return (
    <figure className="space-y-2" data-testid="before-after">
      <div className="relative overflow-hidden rounded-xl bg-ink-100 ring-1 ring-ink-100" style={{ aspectRatio: String(aspect) }}>
        <img src={after} alt={t`${alt}, after`} className="absolute inset-0 h-full w-full object-cover" draggable={false} />
        <img
          src={before}
          alt={t`${alt}, before`}
          className="absolute inset-0 h-full w-full object-cover"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
          draggable={false}
          data-testid="before-image"
        />
        <div
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.25)]"
          style={{ left: `${split}%` }}
          aria-hidden="true"
        >
          <span className="absolute top-1/2 left-1/2 flex h-8 w-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-xs font-bold text-ink-700 shadow">
            ⇆
          </span>
        </div>
        <span className="absolute top-2 left-2 rounded-full bg-ink-900/65 px-2 py-0.5 text-xs font-medium text-white">
          <Trans>Before</Trans>
        </span>
        <span className="absolute top-2 right-2 rounded-full bg-saffron-700/90 px-2 py-0.5 text-xs font-medium text-white">
          <Trans>After</Trans>
        </span>
      </div>
      <label htmlFor={id} className="sr-only">
        <Trans>Compare before and after</Trans>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        onChange={(event) => setSplit(Number(event.target.value))}
        className="h-2 w-full cursor-pointer accent-saffron-700"
        aria-valuetext={t`${split}% before`}
      />
    </figure>
  );
}
