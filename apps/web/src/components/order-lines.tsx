import { useLingui } from '@lingui/react/macro';
import { formatInr, type OrderDetail } from '@framewala/domain';
import { catalogueText } from '../lib/catalogue/catalogue-text';
import { borderNameText, inchesOf } from '../lib/print-texts';
import { ImageIcon } from './icons';

type Line = OrderDetail['lines'][number];

/** Every framed photo of an order: thumbnail, size, frame, border, quantity and price (the order's snapshot). */
export function OrderLines({ lines }: { lines: readonly Line[] }) {
  const { t } = useLingui();
  const photoAlt = (index: number) => {
    const number = index + 1;
    return t`Photo ${number}`;
  };
  return (
    <ul className="divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="order-lines">
      {lines.map((line, index) => (
        <li key={index} className="flex items-center gap-3 px-3.5 py-3" data-testid="order-line">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand">
            {line.thumbnailUrl ? (
              <img src={line.thumbnailUrl} alt={photoAlt(index)} className="h-full w-full object-cover" />
            ) : (
              <ImageIcon className="h-6 w-6 text-ink-300" />
            )}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-ink-900">
              {inchesOf(line.sizeName)} ·{' '}
              {[catalogueText(line.finishName, line.finishNameHi), catalogueText(line.frameSetName, line.frameSetNameHi)]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <span className="block text-sm text-ink-600">
              {line.borderIn > 0 ? `${borderNameText(line.borderName, line.borderNameHi)} ${inchesOf(line.borderIn)}` : t`No border`} ·{' '}
              {line.quantity} × {formatInr(line.unitPaise)}
            </span>
          </span>
          <span className="font-medium text-ink-900 tabular-nums">{formatInr(line.checkoutPaise)}</span>
        </li>
      ))}
    </ul>
  );
}
