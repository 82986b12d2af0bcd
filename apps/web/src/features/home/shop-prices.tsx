import { Trans, useLingui } from '@lingui/react/macro';
import { centeredCrop, findPresetSize } from '@framewala/domain';
import { FramedPrint } from '../../components/framed-print';
import { CheckIcon } from '../../components/icons';
import { useFrameArt } from '../../components/use-frame-art';
import { useFrameSets, useWhiteBorders } from '../../lib/catalogue/catalogue-api';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { borderWidthText, inchesText } from '../../lib/print-texts';
import { useFreeShippingFrom } from '../../lib/site/site-config';
import {
  cheapestFramedPaise,
  EXAMPLE_BOX_PX,
  EXAMPLES,
  framedExamples,
  HEADLINE_SIZE_ID,
  rupeesText,
  type Example,
} from './shop-prices-model';

/**
 * What frames cost, from the shop's own catalogue and shipping settings, and framed examples drawn by the shop's
 * renderer. Each figure shows once the shop has answered with it; until then (and at build time) its place is kept.
 */
export function ShopPrices() {
  const { t } = useLingui();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const freeFrom = useFreeShippingFrom();
  const headline = findPresetSize(HEADLINE_SIZE_ID);
  const from = sets.data && headline ? cheapestFramedPaise(headline, sets.data) : null;
  const examples = sets.data && borders.data ? framedExamples(sets.data, borders.data) : null;
  const failed = sets.isError || borders.isError;
  if (failed && freeFrom.paise === null && !freeFrom.pending) return null;

  const headlineSize = headline ? inchesText(headline.width, headline.height) : null;
  const fromText = from !== null ? rupeesText(from) : null;
  const freeFromText = freeFrom.paise !== null ? rupeesText(freeFrom.paise) : null;
  const placeholder = (width: string) => <span className={`h-6 ${width} animate-pulse rounded bg-ink-100/70`} aria-hidden="true" />;

  const outer = (e: Example) => Math.max(e.size.width, e.size.height) + 2 * e.borderIn + 2 * e.set.sizeInInches;
  const pxPerIn = examples && examples.length > 0 ? EXAMPLE_BOX_PX / Math.max(...examples.map(outer)) : 0;

  return (
    <section aria-labelledby="prices-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 md:pb-20" data-testid="shop-prices">
      <div className="grid gap-8 lg:grid-cols-[1fr_2fr] lg:gap-12">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">
            <Trans>Prices</Trans>
          </p>
          <h2 id="prices-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
            <Trans>What a frame costs</Trans>
          </h2>
          <ul className="mt-5 space-y-2.5 text-lg text-ink-800">
            {fromText !== null && headlineSize !== null ? (
              <li className="flex min-h-7 items-start gap-2.5" data-testid="price-from">
                <CheckIcon className="mt-1 h-5 w-5 shrink-0 text-leaf-600" />
                <span>{t`Framed ${headlineSize} from ${fromText}`}</span>
              </li>
            ) : sets.isPending ? (
              <li className="flex min-h-7 items-start gap-2.5">{placeholder('w-56')}</li>
            ) : null}
            {freeFromText !== null ? (
              <li className="flex min-h-7 items-start gap-2.5" data-testid="free-delivery">
                <CheckIcon className="mt-1 h-5 w-5 shrink-0 text-leaf-600" />
                <span>{t`Free delivery on orders of ${freeFromText} or more`}</span>
              </li>
            ) : freeFrom.pending ? (
              <li className="flex min-h-7 items-start gap-2.5">{placeholder('w-64')}</li>
            ) : null}
          </ul>
          <p className="mt-4 leading-relaxed text-ink-600">
            <Trans>Prices are in rupees and include taxes. The editor shows the exact price of your frame before you pay.</Trans>
          </p>
        </div>

        <figure className="min-w-0">
          <ul className="grid gap-4 sm:grid-cols-3" aria-label={t`Framed examples`}>
            {examples
              ? examples.map((example) => <ExampleCard key={example.key} example={example} pxPerIn={pxPerIn} />)
              : failed
                ? null
                : EXAMPLES.map((example) => (
                    <li key={example.key} className="h-[20rem] animate-pulse rounded-2xl bg-sand/70" aria-hidden="true" />
                  ))}
          </ul>
          {examples && examples.length > 0 ? (
            <figcaption className="mt-3 text-sm text-ink-500">
              <Trans>Sample photos, drawn by the same true-to-scale preview you use to frame yours.</Trans>
            </figcaption>
          ) : null}
        </figure>
      </div>
    </section>
  );
}

function ExampleCard({ example, pxPerIn }: { example: Example; pxPerIn: number }) {
  const { t } = useLingui();
  const art = useFrameArt(example.frame);
  const { size, set, frame, border, photo } = example;
  const frameName = `${catalogueText(frame.frameName, frame.frameNameHi)} · ${catalogueText(set.frameName, set.frameNameHi)}`;
  const sizeText = inchesText(size.width, size.height);
  const borderWidth = border ? borderWidthText(border.sizeName) : null;
  const price = rupeesText(example.pricePaise);
  return (
    <li className="flex flex-col rounded-2xl border border-ink-100 bg-white p-4 shadow-sm shadow-ink-900/5" data-testid="framed-example">
      <div className="flex h-[13.5rem] items-center justify-center rounded-xl bg-sand/70">
        <FramedPrint
          photo={photo}
          crop={centeredCrop(photo, size.width / size.height)}
          frame={frame}
          art={art}
          widthIn={size.width}
          heightIn={size.height}
          borderIn={example.borderIn}
          mouldingIn={set.sizeInInches}
          pxPerIn={pxPerIn}
        />
      </div>
      <p className="mt-3 font-semibold text-ink-900">{frameName}</p>
      <p className="text-sm text-ink-600">
        {borderWidth !== null ? t`${sizeText}, white border ${borderWidth}` : t`${sizeText}, no white border`}
      </p>
      <p className="mt-1 font-semibold text-saffron-800" data-testid="example-price">
        {t`${price} as shown`}
      </p>
    </li>
  );
}
