import { useState, type ReactNode } from 'react';
import {
  IMAGE_TYPES,
  WHITE_BORDER_LEVELS,
  formatInr,
  priceOrder,
  rupeesToPaise,
  type FrameSet,
  type ImageType,
  type MotifBorder,
  type SizeGroup,
} from '@framewala/domain';
import { secondaryButton } from '../../components/button-styles';
import { PageShell } from '../../components/page-shell';
import { useFrameSets, useSizeGroups, useWhiteBorders } from '../../lib/catalogue/catalogue-api';

const TYPE_LABELS: Record<ImageType, string> = { landscape: 'Landscape', portrait: 'Portrait', square: 'Square' };

/** The sample order: a mid-size print, the second white border and two pieces, so every part of the price shows. */
const SAMPLE_SIZE_NAME = '12x8';
const SAMPLE_BORDER_LEVEL = 2;
const SAMPLE_QUANTITY = 2;

const card = 'overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm shadow-ink-900/5';
const th = 'px-4 py-3 font-semibold whitespace-nowrap';
const td = 'px-4 py-3 tabular-nums';

/**
 * Developer page: what the shop sells, read live through the public catalogue API (frame sets and finishes, white
 * borders, preset sizes per photo orientation), and one sample order priced with the domain's pricing rules.
 */
export function DummyDataPage() {
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const [imageType, setImageType] = useState<ImageType>('landscape');
  const sizes = useSizeGroups(imageType);
  // The sample is always priced on landscape sizes, whichever orientation the table shows.
  const landscape = useSizeGroups('landscape');

  return (
    <PageShell
      title="Dummy data"
      eyebrow="Developer page"
      noindex
      width="wide"
      intro={
        <p>
          The live catalogue as the public API serves it (<code className="text-base">/api/get-frame</code>,{' '}
          <code className="text-base">/api/get-motif-border-sizes</code>, <code className="text-base">/api/get-price-and-size</code>), and a
          sample order priced with the shop’s own rules.
        </p>
      }
    >
      <div className="space-y-12">
        <Section id="sample-order" title="Sample priced order">
          <Loaded query={{ sets, borders, landscape }}>
            {() => <SampleOrder sets={sets.data ?? []} borders={borders.data ?? []} groups={landscape.data ?? []} />}
          </Loaded>
        </Section>

        <Section id="frame-sets" title="Frame sets and finishes">
          <Loaded query={{ sets }}>{() => <FrameSetTable sets={sets.data ?? []} />}</Loaded>
        </Section>

        <Section id="borders" title="White borders">
          <Loaded query={{ borders }}>{() => <BorderTable borders={borders.data ?? []} />}</Loaded>
        </Section>

        <Section
          id="sizes"
          title="Preset sizes"
          aside={
            <label className="flex items-center gap-2 text-sm font-medium text-ink-700">
              For a photo that is
              <select
                value={imageType}
                onChange={(event) => setImageType(event.target.value as ImageType)}
                className="min-h-11 rounded-xl border border-ink-200 bg-white px-3 py-2 text-ink-900 focus:border-saffron-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-saffron-300"
              >
                {IMAGE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </label>
          }
        >
          <Loaded query={{ sizes }}>{() => <SizeTable groups={sizes.data ?? []} />}</Loaded>
        </Section>
      </div>
    </PageShell>
  );
}

function Section({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-[1.5rem] leading-tight font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

type QueryLike = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** Loading rows while any query loads, one error with a retry when any failed, else the content. */
function Loaded({ query, children }: { query: Record<string, QueryLike>; children: () => ReactNode }) {
  const all = Object.values(query);
  if (all.some((q) => q.isError)) {
    return (
      <div role="alert" className="rounded-2xl border border-saffron-200 bg-saffron-50 p-5 text-saffron-900">
        <p>The catalogue could not be read from the API.</p>
        <button type="button" onClick={() => all.forEach((q) => void q.refetch())} className={`${secondaryButton} mt-3`}>
          Try again
        </button>
      </div>
    );
  }
  if (all.some((q) => q.isPending)) {
    return (
      <div role="status" aria-label="Loading" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-11 animate-pulse rounded-lg bg-ink-100/70" />
        ))}
      </div>
    );
  }
  return <>{children()}</>;
}

function SampleOrder({ sets, borders, groups }: { sets: FrameSet[]; borders: MotifBorder[]; groups: SizeGroup[] }) {
  const allSizes = groups.flatMap((g) => g.sizes);
  const size = allSizes.find((s) => s.sizeName === SAMPLE_SIZE_NAME) ?? allSizes[0];
  const set = sets.find((s) => s.frames.length > 0);
  const frame = set?.frames[0];
  const level = WHITE_BORDER_LEVELS[SAMPLE_BORDER_LEVEL];
  const border = borders.find((b) => b.size === level) ?? borders[SAMPLE_BORDER_LEVEL] ?? null;
  if (!size || !set || !frame) {
    return (
      <p className="rounded-2xl border border-dashed border-ink-200 bg-white px-5 py-6 text-ink-600">
        The catalogue has no size or frame to price.
      </p>
    );
  }
  const price = priceOrder({
    widthIn: size.width,
    heightIn: size.height,
    frameRatePaisePerSqIn: rupeesToPaise(set.framePrice),
    borderPricePaise: border ? rupeesToPaise(border.price) : 0,
    quantity: SAMPLE_QUANTITY,
  });
  const area = Math.round(size.width * size.height);
  const rows: [string, string, string][] = [
    ['Print size', `${size.sizeName} in`, `${area} sq in (rounded)`],
    [
      'Frame',
      `${set.frameName} · ${frame.frameName}`,
      `${set.sizeInInches} in moulding at ${formatInr(rupeesToPaise(set.framePrice))} per sq in`,
    ],
    ['Frame selling price (FSP)', formatInr(price.fspPaise), `${area} × ${formatInr(rupeesToPaise(set.framePrice))}`],
    ['White border price (WBP)', formatInr(price.wbpPaise), border ? `${border.name} (${border.sizeName})` : 'No border'],
    ['One piece', formatInr(price.unitPaise), 'FSP + WBP'],
    ['Quantity', String(SAMPLE_QUANTITY), ''],
  ];
  return (
    <div className={card}>
      <dl className="divide-y divide-ink-100" data-testid="sample-order">
        {rows.map(([label, value, note]) => (
          <div key={label} className="grid gap-x-4 gap-y-0.5 px-4 py-3 sm:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]">
            <dt className="text-sm text-ink-500 sm:text-base">{label}</dt>
            <dd className="font-medium text-ink-900 tabular-nums">{value}</dd>
            <dd className="text-sm text-ink-500">{note}</dd>
          </div>
        ))}
        <div className="grid gap-x-4 bg-cream px-4 py-3 sm:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)]">
          <dt className="font-semibold text-ink-900">Total</dt>
          <dd className="text-lg font-semibold text-ink-900 tabular-nums" data-testid="sample-total">
            {formatInr(price.checkoutPaise)}
          </dd>
          <dd className="text-sm text-ink-500">(FSP + WBP) × {SAMPLE_QUANTITY}, rounded to whole rupees</dd>
        </div>
      </dl>
    </div>
  );
}

function FrameSetTable({ sets }: { sets: FrameSet[] }) {
  return (
    <div className={card}>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Frame sets with their moulding width, rate and finishes</caption>
          <thead className="bg-sand text-sm text-ink-700">
            <tr>
              <th scope="col" className={th}>
                Frame set
              </th>
              <th scope="col" className={th}>
                Moulding
              </th>
              <th scope="col" className={th}>
                Rate
              </th>
              <th scope="col" className={th}>
                Border padding
              </th>
              <th scope="col" className={th}>
                Finishes
              </th>
            </tr>
          </thead>
          <tbody>
            {sets.map((set) => (
              <tr key={set._id} className="border-t border-ink-100 align-top">
                <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap">
                  {set.frameName}
                </th>
                <td className={`${td} whitespace-nowrap`}>{set.sizeInInches} in</td>
                <td className={`${td} whitespace-nowrap`}>{formatInr(rupeesToPaise(set.framePrice))} / sq in</td>
                <td className={`${td} whitespace-nowrap`}>{set.padding} in</td>
                <td className="min-w-[14rem] px-4 py-3 text-ink-700">{set.frames.map((f) => f.frameName).join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function BorderTable({ borders }: { borders: MotifBorder[] }) {
  return (
    <div className={card}>
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">White border levels with their width and price</caption>
          <thead className="bg-sand text-sm text-ink-700">
            <tr>
              <th scope="col" className={th}>
                Border
              </th>
              <th scope="col" className={th}>
                Width
              </th>
              <th scope="col" className={`${th} text-right`}>
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {borders.map((border) => (
              <tr key={border._id} className="border-t border-ink-100">
                <th scope="row" className="px-4 py-3 font-medium">
                  {border.name}
                </th>
                <td className={td}>{border.size === 0 ? 'None' : `${border.size} in`}</td>
                <td className={`${td} text-right`}>{formatInr(rupeesToPaise(border.price))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SizeTable({ groups }: { groups: SizeGroup[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        <div key={group._id} className={card}>
          <table className="w-full text-left">
            <caption className="bg-sand px-4 py-2.5 text-left font-semibold text-ink-800">{group.format}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Starting price</th>
              </tr>
            </thead>
            <tbody>
              {group.sizes.map((size) => (
                <tr key={size._id} className="border-t border-ink-100">
                  <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap">
                    {size.sizeName} in
                  </th>
                  <td className={`${td} py-2 text-right`}>{formatInr(rupeesToPaise(size.price))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
