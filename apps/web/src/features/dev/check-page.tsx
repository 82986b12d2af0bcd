import { useId, useState } from 'react';
import { MIN_PRINT_PPI } from '@framewala/domain';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { PageShell } from '../../components/page-shell';
import { checkDeveloperSizes } from './developer-size-check';

function parsePixels(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n > 0 && n <= 1_000_000 ? n : null;
}

/** Developer page: pick a photo size in pixels and see which developer sizes reach 96 pixels per inch. */
export function CheckPage() {
  const widthId = useId();
  const heightId = useId();
  const [width, setWidth] = useState('1200');
  const [height, setHeight] = useState('900');
  const w = parsePixels(width);
  const h = parsePixels(height);
  const results = w !== null && h !== null ? checkDeveloperSizes(w, h) : null;

  const inputClass =
    'mt-1.5 block min-h-11 w-full rounded-xl border border-ink-200 bg-white px-3.5 py-2 text-lg tabular-nums text-ink-900 shadow-sm focus:border-saffron-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-saffron-300 aria-[invalid=true]:border-red-600';

  return (
    <PageShell
      title="Print size check"
      eyebrow="Developer page"
      noindex
      intro={
        <p>
          Enter a photo’s size in pixels to see whether it reaches {MIN_PRINT_PPI} pixels per inch, in both directions, at each developer
          size.
        </p>
      }
    >
      <form className="grid max-w-md grid-cols-2 gap-4" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor={widthId} className="text-sm font-semibold text-ink-700">
            Width (px)
          </label>
          <input
            id={widthId}
            inputMode="numeric"
            value={width}
            onChange={(event) => setWidth(event.target.value)}
            aria-invalid={w === null}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={heightId} className="text-sm font-semibold text-ink-700">
            Height (px)
          </label>
          <input
            id={heightId}
            inputMode="numeric"
            value={height}
            onChange={(event) => setHeight(event.target.value)}
            aria-invalid={h === null}
            className={inputClass}
          />
        </div>
      </form>

      {results ? (
        <div className="mt-8 overflow-x-auto rounded-2xl border border-ink-100 bg-white shadow-sm shadow-ink-900/5">
          <table className="w-full text-left">
            <caption className="sr-only">
              Pixels per inch of a {w} × {h} px photo at each developer size
            </caption>
            <thead className="bg-sand text-sm text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Size
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Pixels per inch
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((fit) => (
                <tr key={fit.inches} className="border-t border-ink-100">
                  <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap tabular-nums">
                    {fit.inches} × {fit.inches} in
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {fit.ppiWide} × {fit.ppiHigh}
                  </td>
                  <td className="px-4 py-3">
                    {fit.fits ? (
                      <span className="inline-flex items-center gap-1.5 rounded-full whitespace-nowrap bg-leaf-50 px-3 py-1 text-sm font-semibold text-leaf-600">
                        <CheckIcon className="h-4 w-4" /> Fits
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1.5 rounded-full whitespace-nowrap bg-red-50 px-3 py-1 text-sm font-semibold text-red-700">
                        <CloseIcon className="h-4 w-4" /> Too small
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p role="alert" className="mt-6 text-red-700">
          Enter whole numbers of pixels above zero for both width and height.
        </p>
      )}
    </PageShell>
  );
}
