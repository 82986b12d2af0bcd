import { Fragment, useState } from 'react';
import { formatInr, IMAGE_TYPES, rupeesToPaise, sizeGroupsFor } from '@framewala/domain';
import type { ImageType } from '@framewala/domain';
import { PageShell } from '../../components/page-shell';

const TYPE_LABELS: Record<ImageType, string> = {
  landscape: 'Landscape',
  portrait: 'Portrait',
  square: 'Square',
};

/**
 * Developer page: the preset size catalogue with starting prices, as the size step will offer it,
 * oriented for a landscape, portrait or square photo. Data and prices come from @framewala/domain.
 */
export function SizesPage() {
  const [imageType, setImageType] = useState<ImageType>('landscape');
  const groups = sizeGroupsFor(imageType);
  const count = groups.reduce((total, group) => total + group.sizes.length, 0);

  return (
    <PageShell
      title="Preset sizes"
      eyebrow="Developer page"
      noindex
      intro={
        <p>
          The {count} preset print sizes in inches, grouped by format, with their starting price: width × height × ₹4.50, rounded to whole
          rupees.
        </p>
      }
    >
      <fieldset>
        <legend className="text-sm font-semibold text-ink-700">Orient the sizes for a photo that is</legend>
        <div className="mt-3 inline-flex rounded-full border border-ink-200 bg-white p-1">
          {IMAGE_TYPES.map((type) => (
            <label
              key={type}
              className={`flex min-h-11 cursor-pointer items-center rounded-full px-4 text-[0.95rem] font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-saffron-500 ${
                imageType === type ? 'bg-saffron-700 text-white' : 'text-ink-700 hover:text-ink-900'
              }`}
            >
              <input
                type="radio"
                name="image-type"
                value={type}
                checked={imageType === type}
                onChange={() => setImageType(type)}
                className="sr-only"
              />
              {TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-8 overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm shadow-ink-900/5">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Preset sizes for a {imageType} photo</caption>
            <thead className="bg-sand text-sm text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                  Format
                </th>
                <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                  Size
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold whitespace-nowrap sm:px-6">
                  Starting Price
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <Fragment key={group.id}>
                  {group.sizes.map((size, index) => (
                    <tr key={size.id} className={index === 0 ? 'border-t-2 border-ink-100' : 'border-t border-ink-100/70'}>
                      {index === 0 ? (
                        <th
                          scope="rowgroup"
                          rowSpan={group.sizes.length}
                          className="px-4 py-2.5 align-top font-serif text-lg font-semibold text-ink-900 sm:px-6"
                        >
                          {group.format}
                        </th>
                      ) : null}
                      <td className="px-4 py-2.5 tabular-nums sm:px-6">{size.sizeName} in</td>
                      <td className="px-4 py-2.5 text-right tabular-nums sm:px-6">{formatInr(rupeesToPaise(size.price))}</td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </PageShell>
  );
}
