import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImageType } from '@framewala/domain';
import type { Ref } from 'react';
import type { UploadedPhoto } from '../../lib/uploads/upload-api';
import { formatPixels } from './upload-format';
import { Spinner, TrashIcon } from '../../components/icons';

type UploadPreviewProps = {
  upload: UploadedPhoto & { url: string };
  fileName: string;
  loaded: boolean;
  onLoad: () => void;
  onError: () => void;
  onRemove: () => void;
  removeRef?: Ref<HTMLButtonElement>;
};

const ORIENTATION_NAMES: Record<ImageType, MessageDescriptor> = {
  landscape: msg`Landscape`,
  portrait: msg`Portrait`,
  square: msg`Square`,
};

/** The uploaded photo (its browser rendition), at most 300 px high, with a remove icon. */
export function UploadPreview({ upload, fileName, loaded, onLoad, onError, onRemove, removeRef }: UploadPreviewProps) {
  const { t, i18n } = useLingui();
  const orientation = ORIENTATION_NAMES[upload.imageType];
  return (
    <figure className="mt-6" data-testid="upload-preview" data-loaded={loaded || undefined}>
      <div className="relative flex min-h-40 items-center justify-center overflow-hidden rounded-2xl bg-ink-50 p-3 ring-1 ring-ink-100">
        <img
          src={upload.url}
          alt={t`Your photo, ${fileName}`}
          onLoad={onLoad}
          onError={onError}
          className={`block h-auto max-h-[300px] w-auto max-w-full rounded-md object-contain shadow-md shadow-ink-900/15 transition-opacity duration-300 motion-reduce:transition-none ${
            loaded ? 'opacity-100' : 'opacity-0'
          }`}
        />
        {loaded ? null : (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-ink-600">
            <Spinner className="h-7 w-7 text-saffron-700" />
            <span className="text-sm">
              <Trans>Loading preview…</Trans>
            </span>
          </span>
        )}
        <button
          ref={removeRef}
          type="button"
          onClick={onRemove}
          aria-label={t`Remove photo`}
          title={t`Remove photo`}
          className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-ink-700 shadow-md ring-1 ring-ink-200 hover:bg-white hover:text-red-700"
        >
          <TrashIcon className="h-5 w-5" />
        </button>
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600">
        <span className="max-w-full truncate font-medium text-ink-900" title={fileName}>
          {fileName}
        </span>
        <span aria-hidden="true">·</span>
        <span className="whitespace-nowrap">{formatPixels(upload.width, upload.height)}</span>
        <span aria-hidden="true">·</span>
        <span>{orientation ? i18n._(orientation) : upload.imageType}</span>
      </figcaption>
    </figure>
  );
}
