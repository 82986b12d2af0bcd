import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { CloseIcon, ShieldCheckIcon, UploadIcon } from '../../components/icons';

/** The spec's upload hint, word for word (seed §5). */
export const UPLOAD_HINT =
  'JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.';

const ACCEPT = '.jpg,.jpeg,.tif,.tiff,image/jpeg,image/tiff';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), [tabindex]:not([tabindex="-1"])';

type UploadModalProps = {
  open: boolean;
  onClose: () => void;
};

/**
 * The 'Upload Photos' dialog opened by 'Start framing'.
 *
 * This is the shell: heading, drop zone with a browse button, the hint, and Cancel / Done, which stay disabled
 * until a preview has loaded (seed §2). The real upload (validation, progress, preview, Done → /edit-photo)
 * arrives with the upload issue.
 */
export function UploadModal({ open, onClose }: UploadModalProps) {
  if (!open) return null;
  return createPortal(<UploadDialog onClose={onClose} />, document.body);
}

function UploadDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const hintId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragActive, setDragActive] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);

  // Focus the dialog on open, lock page scroll, and give focus back to the opener on close.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep Tab inside the dialog.
    const items = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (element) => !element.hasAttribute('hidden') && element.getAttribute('aria-hidden') !== 'true',
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onDrag = (event: DragEvent<HTMLDivElement>, active: boolean) => {
    event.preventDefault();
    setDragActive(active);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragActive(false);
    const file = event.dataTransfer.files[0];
    if (file) setFileName(file.name);
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-6">
      <div className="absolute inset-0 bg-ink-900/55 backdrop-blur-[2px]" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative max-h-[100dvh] w-full max-w-xl overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl shadow-ink-900/30 focus:outline-none sm:rounded-3xl sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-2xl font-semibold sm:text-[1.75rem]">
              Upload Photos
            </h2>
            <p className="mt-1 text-ink-600">Choose the photo you want to frame.</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>

        <div
          data-testid="upload-drop-zone"
          onDragEnter={(event) => onDrag(event, true)}
          onDragOver={(event) => onDrag(event, true)}
          onDragLeave={(event) => onDrag(event, false)}
          onDrop={onDrop}
          className={`mt-6 flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-5 py-10 text-center transition-colors sm:py-12 ${
            dragActive ? 'border-saffron-500 bg-saffron-50' : 'border-ink-200 bg-cream'
          }`}
        >
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-saffron-100 text-saffron-700">
            <UploadIcon className="h-7 w-7" />
          </span>
          <p className="mt-4 text-lg font-medium text-ink-900">Drag and drop your photo here</p>
          <p className="mt-1 text-ink-600">
            or{' '}
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              className="inline-flex min-h-11 items-center font-semibold text-saffron-800 underline decoration-saffron-300 underline-offset-4 hover:decoration-saffron-700"
            >
              browse your files
            </button>
          </p>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => setFileName(event.target.files?.[0]?.name ?? null)}
          />
          {fileName ? (
            <p className="mt-3 max-w-full truncate text-sm text-ink-700" role="status">
              Selected: {fileName}
            </p>
          ) : null}
        </div>

        <p id={hintId} className="mt-4 text-sm leading-relaxed text-ink-600">
          {UPLOAD_HINT}
        </p>

        <p className="mt-3 flex items-start gap-2 text-sm text-ink-600">
          <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          Your photo is used only to make your frame, and is never shared.
        </p>

        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-ink-100 pt-5 sm:flex-row sm:justify-end">
          <button type="button" disabled className={secondaryButton}>
            Cancel
          </button>
          <button type="button" disabled className={`${primaryButton} sm:min-w-32`}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
