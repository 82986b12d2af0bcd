import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { formatInr } from '@framewala/domain';
import { useFrameSets, useWhiteBorders } from '../lib/catalogue/catalogue-api';
import { orderPrice, totalFormula } from '../lib/order-draft/draft-choices';
import { useOrderDraft } from '../lib/order-draft/order-draft';

/**
 * The header's price strip itself (loaded with the editor's page: it reads the order draft and the catalogue). Each
 * of the seed's abbreviations is said in words beside it ('Frame (FSP)', 'White border (WBP)'), so a phone, which
 * cannot hover, reads what each amount is: on a phone each word sits above its amount, from `sm` on in one line.
 */
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
  const pieces = price.quantity;
  return (
    <div className="border-t border-ink-100/80 bg-white/70">
      <dl
        aria-label={t`Price of your frame`}
        data-testid="price-strip"
        className="mx-auto flex h-10 max-w-6xl items-center justify-end gap-x-4 px-4 tabular-nums sm:gap-x-3 sm:px-6"
      >
        <StripItem
          term={
            <Trans>
              Frame (
              <abbr title={t`Frame Selling Price`} className="no-underline">
                FSP
              </abbr>
              )
            </Trans>
          }
        >
          <span data-testid="fsp">{formatInr(price.fspPaise)}</span>
        </StripItem>
        {hasBorder ? (
          <>
            <Dot />
            <StripItem
              term={
                <Trans>
                  White border (
                  <abbr title={t`White Border Price`} className="no-underline">
                    WBP
                  </abbr>
                  )
                </Trans>
              }
            >
              <span data-testid="wbp">{formatInr(price.wbpPaise)}</span>
            </StripItem>
          </>
        ) : null}
        <Dot />
        <StripItem term={pieces > 1 ? <Trans>Total for {pieces}</Trans> : <Trans>Total</Trans>} strong>
          <span className="group relative">
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
          </span>
        </StripItem>
      </dl>
    </div>
  );
}

/** One amount with its words: the words above it on a phone, before it from `sm` on. */
function StripItem({ term, strong = false, children }: { term: ReactNode; strong?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col items-end leading-tight whitespace-nowrap sm:flex-row sm:items-baseline sm:gap-1.5">
      <dt className={`text-[0.72rem] font-semibold sm:text-sm ${strong ? 'text-ink-700' : 'text-ink-500'}`}>{term}</dt>
      <dd className="m-0 text-sm text-ink-900">{children}</dd>
    </div>
  );
}

/** The '·' between amounts where they share one line. */
function Dot() {
  return (
    <span aria-hidden="true" className="hidden text-ink-300 sm:inline">
      ·
    </span>
  );
}
