import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatInr } from '@framewala/domain';
import { useFrameSets, useWhiteBorders } from '../lib/catalogue/catalogue-api';
import { orderPrice, totalFormula } from '../lib/order-draft/draft-choices';
import { useOrderDraft } from '../lib/order-draft/order-draft';

/** The header's price strip itself (loaded with the editor's page: it reads the order draft and the catalogue). */
export default function OrderPriceStrip() {
  const { t } = useLingui();
  const draft = useOrderDraft();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const tipId = useId();
  const price = draft ? orderPrice(draft, sets.data, borders.data) : null;
  if (!price) return null;
  const hasBorder = price.wbpPaise > 0;
  const formula = totalFormula(hasBorder, price.quantity);
  return (
    <div className="border-t border-ink-100/80 bg-white/70">
      <dl
        aria-label={t`Price of your frame`}
        data-testid="price-strip"
        className="mx-auto flex h-10 max-w-6xl items-center justify-end gap-x-4 px-4 text-sm tabular-nums sm:gap-x-6 sm:px-6"
      >
        <div className="flex items-baseline gap-1.5">
          <dt className="font-semibold text-ink-500">
            <abbr title={t`Frame Selling Price`} className="no-underline">
              {t`FSP`}
            </abbr>
          </dt>
          <dd className="m-0 text-ink-900" data-testid="fsp">
            {formatInr(price.fspPaise)}
          </dd>
        </div>
        {hasBorder ? (
          <div className="flex items-baseline gap-1.5">
            <dt className="font-semibold text-ink-500">
              <abbr title={t`White Border Price`} className="no-underline">
                {t`WBP`}
              </abbr>
            </dt>
            <dd className="m-0 text-ink-900" data-testid="wbp">
              {formatInr(price.wbpPaise)}
            </dd>
          </div>
        ) : null}
        <div className="group relative flex items-baseline gap-1.5">
          <dt className="font-semibold text-ink-700">
            <Trans>Total</Trans>
          </dt>
          <dd className="m-0">
            <span
              tabIndex={0}
              aria-describedby={tipId}
              data-testid="total"
              className="rounded font-semibold text-ink-900 underline decoration-ink-300 decoration-dotted underline-offset-4"
            >
              {formatInr(price.checkoutPaise)}
            </span>
            <span
              id={tipId}
              role="tooltip"
              className="pointer-events-none invisible absolute top-full right-0 z-40 mt-1.5 w-max rounded-lg bg-ink-900 px-3 py-1.5 text-xs font-medium text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
            >
              {formula}
            </span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
