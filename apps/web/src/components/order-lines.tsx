/**
 * The framed photos of an order, as every page that lists them shows them: the checkout (a cart, or an order paid
 * again), /success, the order page and the order history (`LineView`, lib/orders/line-view.ts).
 */
import { useLingui } from '@lingui/react/macro';
import { formatInr } from '@framewala/domain';
import type { LineView } from '../lib/orders/line-view';
import { ImageIcon } from './icons';

const price = (paise: number | null) => (paise === null ? '—' : formatInr(paise));

/** Every framed photo: thumbnail, size, frame, border, quantity and price. */
export function OrderLines({ lines, testId = 'order-lines' }: { lines: readonly LineView[]; testId?: string }) {
  const { t } = useLingui();
  const photoAlt = (index: number) => {
    const number = index + 1;
    return t`Photo ${number}`;
  };
  return (
    <ul className="divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid={testId}>
      {lines.map((line, index) => (
        <li key={line.key} className="flex items-center gap-3 px-3.5 py-3" data-testid="order-line">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand">
            {line.thumbnailUrl ? (
              <img src={line.thumbnailUrl} alt={photoAlt(index)} className="h-full w-full object-cover" />
            ) : (
              <ImageIcon className="h-6 w-6 text-ink-300" />
            )}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-ink-900">
              {line.size} · {line.frame}
            </span>
            <span className="block text-sm text-ink-600">
              {line.border} · {line.quantity} × {price(line.unitPaise)}
            </span>
          </span>
          <span className="font-medium text-ink-900 tabular-nums">{price(line.linePaise)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The lines of an order in a row of the order history: '2 × 12x8 in · Walnut · Classic · Slim 0.5 in', one a line
 * (lines of text, not a list: the history's rows are list items themselves on a phone).
 */
export function OrderLineSummary({ lines }: { lines: readonly LineView[] }) {
  return (
    <span className="mt-1 flex flex-col gap-0.5 text-sm font-normal text-ink-600" data-testid="order-row-lines">
      {lines.map((line) => (
        <span key={line.key} className="block">
          {line.quantity} × {line.size} · {line.frame} · {line.border}
        </span>
      ))}
    </span>
  );
}
