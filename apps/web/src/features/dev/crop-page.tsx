import { useEffect, useId, useState, type ChangeEvent } from 'react';
import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_MIME_TYPES,
  MIN_CROP_PX,
  MIN_CUSTOM_INCHES,
  MAX_CUSTOM_INCHES,
  cropPrintQuality,
  customSizeName,
  imageTypeOf,
  sizeGroupsFor,
  validateCustomSize,
  type CropRect,
  type ImageHeader,
} from '@framewala/domain';
import { CropBox, type CropBoxSize } from '../../components/crop-box';
import { PageShell } from '../../components/page-shell';
import { QualityBadge } from '../../components/quality-badge';
import { checkPhoto } from '../../lib/uploads/check-photo';

/** The chosen photo, shown from the device: its size after EXIF orientation is what the box is measured in. */
type LocalPhoto = { url: string; name: string; width: number; height: number; header: ImageHeader | null };

type Picked = { status: 'none' } | { status: 'checking' } | { status: 'refused'; message: string } | { status: 'ready'; photo: LocalPhoto };

const CUSTOM = 'custom';

/** Loads an image from the device; the browser applies the EXIF orientation, so its natural size is the oriented one. */
function loadImage(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('not displayable'));
    img.src = url;
  });
}

const NOT_SHOWN_MESSAGE =
  'This browser cannot show this photo (TIF photos show only in some browsers). The shop still accepts it: the server makes a preview after the upload.';

/**
 * Developer page: the crop box on a photo from this device, nothing uploaded. The photo is checked like the upload
 * modal checks it; the box is the editor's, locked to a preset or custom size; the page reports the rectangle in the
 * photo's own pixels (after EXIF orientation) and the effective ppi at that size.
 */
export function CropPage() {
  const fileId = useId();
  const [picked, setPicked] = useState<Picked>({ status: 'none' });
  const photoUrl = picked.status === 'ready' ? picked.photo.url : null;

  // The object URL lives as long as its photo is on screen.
  useEffect(() => (photoUrl ? () => URL.revokeObjectURL(photoUrl) : undefined), [photoUrl]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setPicked({ status: 'checking' });
    const check = await checkPhoto(files);
    if (!check.ok) {
      setPicked({ status: 'refused', message: check.message });
      return;
    }
    const url = URL.createObjectURL(check.file);
    try {
      const shown = await loadImage(url);
      const width = check.header?.orientedWidth ?? shown.width;
      const height = check.header?.orientedHeight ?? shown.height;
      setPicked({ status: 'ready', photo: { url, name: check.file.name, width, height, header: check.header } });
    } catch {
      URL.revokeObjectURL(url);
      setPicked({ status: 'refused', message: NOT_SHOWN_MESSAGE });
    }
  };

  return (
    <PageShell
      title="Crop test"
      eyebrow="Developer page"
      noindex
      width="wide"
      intro={
        <p>
          Choose a photo on this device to try the crop box: locked to a size’s shape, inside the photo, at least {MIN_CROP_PX} ×{' '}
          {MIN_CROP_PX} pixels. Nothing is uploaded.
        </p>
      }
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <label
          htmlFor={fileId}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full bg-saffron-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-saffron-800 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-saffron-500"
        >
          {picked.status === 'ready' ? 'Choose another photo' : 'Choose a photo'}
          <input
            id={fileId}
            type="file"
            accept={[...ACCEPTED_EXTENSIONS, ...ACCEPTED_MIME_TYPES].join(',')}
            onChange={(event) => void choose(event)}
            className="sr-only"
          />
        </label>
        <p className="text-sm text-ink-500">JPG or TIF, at least 700 × 700 px. It stays on this device.</p>
      </div>

      {picked.status === 'checking' ? (
        <p role="status" className="mt-6 text-ink-600">
          Checking the photo…
        </p>
      ) : picked.status === 'refused' ? (
        <p role="alert" className="mt-6 rounded-xl border border-saffron-200 bg-saffron-50 px-4 py-3 text-saffron-900">
          {picked.message}
        </p>
      ) : picked.status === 'ready' ? (
        <CropWorkbench key={picked.photo.url} photo={picked.photo} />
      ) : (
        <div className="mt-8 rounded-2xl border border-dashed border-ink-200 bg-white px-6 py-12 text-center text-ink-500">
          Your photo and its crop box appear here.
        </div>
      )}
    </PageShell>
  );
}

function CropWorkbench({ photo }: { photo: LocalPhoto }) {
  const sizeId = useId();
  const groups = sizeGroupsFor(imageTypeOf(photo.width, photo.height));
  const [choice, setChoice] = useState<string>(groups[0]?.sizes[0]?.id ?? CUSTOM);
  const [custom, setCustom] = useState({ width: '10', height: '10' });
  const [rect, setRect] = useState<CropRect | null>(null);

  const preset = groups.flatMap((g) => g.sizes).find((s) => s.id === choice) ?? null;
  const customCheck = choice === CUSTOM ? validateCustomSize(custom.width, custom.height) : null;
  const size: CropBoxSize | null = preset
    ? { kind: 'preset', widthIn: preset.width, heightIn: preset.height, name: preset.sizeName }
    : customCheck?.ok
      ? {
          kind: 'custom',
          widthIn: customCheck.width,
          heightIn: customCheck.height,
          name: customSizeName(customCheck.width, customCheck.height),
        }
      : null;
  const sizeKey = size ? `${size.widthIn}x${size.heightIn}` : 'none';
  // The rectangle belongs to one size: a new size starts from its own box.
  const [rectKey, setRectKey] = useState(sizeKey);
  if (rectKey !== sizeKey) {
    setRectKey(sizeKey);
    setRect(null);
  }
  const quality = rect && size ? cropPrintQuality(rect, size) : null;
  const turned = photo.header !== null && photo.header.orientation !== 1;

  return (
    <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
      <div className="min-w-0">
        {size ? (
          <CropBox key={`${photo.url}|${sizeKey}`} source={photo} size={size} initial={null} onLiveChange={setRect}>
            <p className="text-sm text-ink-600">Drag to move the box, zoom to make it smaller. It never leaves the photo.</p>
          </CropBox>
        ) : (
          <div className="flex min-h-[220px] items-center justify-center rounded-2xl border border-ink-100 bg-white p-6 text-center text-ink-500">
            Enter a valid custom size to see the crop box.
          </div>
        )}
      </div>

      <div className="min-w-0 space-y-5">
        <section className="rounded-2xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5">
          <h2 className="text-lg font-semibold">Photo</h2>
          <p className="mt-1 text-sm break-all text-ink-500">{photo.name}</p>
          <p className="mt-2 text-[0.95rem] text-ink-700" data-testid="photo-size">
            <span className="tabular-nums">
              {photo.width} × {photo.height} px
            </span>{' '}
            after EXIF orientation
          </p>
          {turned && photo.header ? (
            <p className="mt-1 text-sm text-ink-500">
              Stored as {photo.header.width} × {photo.header.height} px, orientation {photo.header.orientation}.
            </p>
          ) : null}
        </section>

        <section className="rounded-2xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5">
          <label htmlFor={sizeId} className="font-serif text-lg font-semibold text-ink-900">
            Print size
          </label>
          <select
            id={sizeId}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            className="mt-2 block min-h-11 w-full rounded-xl border border-ink-200 bg-white px-3 py-2 text-ink-900 focus:border-saffron-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-saffron-300"
          >
            {groups.map((group) => (
              <optgroup key={group.id} label={group.format}>
                {group.sizes.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.sizeName} in
                  </option>
                ))}
              </optgroup>
            ))}
            <option value={CUSTOM}>Custom size…</option>
          </select>
          {choice === CUSTOM ? (
            <CustomSizeFields value={custom} onChange={setCustom} errors={customCheck && !customCheck.ok ? customCheck.errors : {}} />
          ) : null}
        </section>

        <section
          className="rounded-2xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5"
          aria-labelledby="crop-result-heading"
        >
          <h2 id="crop-result-heading" className="text-lg font-semibold">
            Crop in the photo’s pixels
          </h2>
          {rect && size ? (
            <>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-[0.95rem]" aria-live="polite">
                <Fact label="Left (x)" value={`${rect.x} px`} testId="crop-x" />
                <Fact label="Top (y)" value={`${rect.y} px`} testId="crop-y" />
                <Fact label="Width" value={`${rect.width} px`} testId="crop-width" />
                <Fact label="Height" value={`${rect.height} px`} testId="crop-height" />
              </dl>
              {quality ? (
                <p className="mt-4 flex flex-wrap items-center gap-2 border-t border-ink-100 pt-4 text-[0.95rem] text-ink-700">
                  At {size.widthIn} × {size.heightIn} in:{' '}
                  <span className="font-semibold tabular-nums" data-testid="crop-ppi">
                    {quality.ppi} ppi
                  </span>
                  <QualityBadge quality={quality} />
                </p>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-sm text-ink-500">{size ? 'Measuring the box…' : 'Choose a size first.'}</p>
          )}
        </section>
      </div>
    </div>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="text-sm text-ink-500">{label}</dt>
      <dd className="font-semibold text-ink-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type CustomValue = { width: string; height: string };

function CustomSizeFields({
  value,
  onChange,
  errors,
}: {
  value: CustomValue;
  onChange: (v: CustomValue) => void;
  errors: { width?: string; height?: string };
}) {
  const widthId = useId();
  const heightId = useId();
  const input =
    'mt-1 block min-h-11 w-full rounded-xl border border-ink-200 bg-white px-3 py-2 tabular-nums text-ink-900 focus:border-saffron-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-saffron-300 aria-[invalid=true]:border-red-600';
  return (
    <div className="mt-4">
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={widthId} className="text-sm font-medium text-ink-700">
            Width (in)
          </label>
          <input
            id={widthId}
            inputMode="decimal"
            value={value.width}
            aria-invalid={errors.width ? true : undefined}
            aria-describedby={errors.width ? `${widthId}-error` : undefined}
            onChange={(event) => onChange({ ...value, width: event.target.value })}
            className={input}
          />
          {errors.width ? (
            <p id={`${widthId}-error`} className="mt-1 text-sm text-red-700">
              {errors.width}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={heightId} className="text-sm font-medium text-ink-700">
            Height (in)
          </label>
          <input
            id={heightId}
            inputMode="decimal"
            value={value.height}
            aria-invalid={errors.height ? true : undefined}
            aria-describedby={errors.height ? `${heightId}-error` : undefined}
            onChange={(event) => onChange({ ...value, height: event.target.value })}
            className={input}
          />
          {errors.height ? (
            <p id={`${heightId}-error`} className="mt-1 text-sm text-red-700">
              {errors.height}
            </p>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-sm text-ink-500">
        From {MIN_CUSTOM_INCHES} to {MAX_CUSTOM_INCHES} inches each way.
      </p>
    </div>
  );
}
