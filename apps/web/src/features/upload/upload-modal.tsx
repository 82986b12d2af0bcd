import { Trans, useLingui } from '@lingui/react/macro';
import { UPLOAD_HINT } from '@framewala/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { looksShrunk } from '../../lib/uploads/check-photo';
import type { DragEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { CloseIcon, ShieldCheckIcon, AlertIcon } from '../../components/icons';
import { useModalDialog } from '../../components/use-modal-dialog';
import { startOrderWithPhoto } from '../../lib/order-draft/stored-order';
import { shrunkCopyText } from '../../lib/print-texts';
import { DropZone } from './drop-zone';
import { UploadPreview } from './upload-preview';
import { STORAGE_BLOCKED_MESSAGE, UPLOAD_HINT_TEXTS } from './upload-texts';
import { ProcessingPanel, ProgressPanel } from './upload-progress';
import { usePhotoUpload } from './use-photo-upload';

/** The spec's upload hint, word for word; defined once in the domain. */
export { UPLOAD_HINT };

type UploadModalProps = {
  open: boolean;
  onClose: () => void;
};

/**
 * The 'Upload Photos' dialog opened by 'Start framing': a drop zone with a browse link, the hint, a
 * check of the photo before anything is sent, a progress bar with cancel, a preview at most 300 px high with a remove
 * icon, and Cancel / Done, which stay disabled until the preview image has loaded. Done keeps the photo as the order
 * in progress and goes to /edit-photo.
 */
export function UploadModal({ open, onClose }: UploadModalProps) {
  if (!open) return null;
  return createPortal(<UploadDialog onClose={onClose} />, document.body);
}

/** Whether the uploaded file looks like a messaging app's shrunk copy (checked once per file). */
function useShrunkCopy(file: File | null, upload: { width: number; height: number } | null): boolean {
  const [result, setResult] = useState<{ file: File; shrunk: boolean } | null>(null);
  const width = upload?.width ?? 0;
  const height = upload?.height ?? 0;
  useEffect(() => {
    if (!file || !width || !height) return;
    let live = true;
    void looksShrunk(file, width, height).then((shrunk) => {
      if (live) setResult({ file, shrunk });
    });
    return () => {
      live = false;
    };
  }, [file, width, height]);
  return result !== null && result.file === file && result.shrunk;
}

function UploadDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const zoneRef = useRef<HTMLDivElement>(null);
  const cancelUploadRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const {
    phase,
    error,
    announcement,
    selectFiles,
    cancelUpload,
    pauseUpload,
    resumeUpload,
    retryUpload,
    removePhoto,
    previewLoaded,
    previewFailed,
    showError,
  } = usePhotoUpload();
  const shrunk = useShrunkCopy(phase.kind === 'preview' ? phase.file : null, phase.kind === 'preview' ? phase.upload : null);
  const busy = phase.kind === 'checking' || phase.kind === 'uploading' || phase.kind === 'processing';
  const ready = phase.kind === 'preview' && phase.loaded;

  // The content changes under the keyboard (the zone becomes the progress bar, then the preview, and back): when the
  // focused element disappears, put focus on the control that now matters instead of leaving it on the page body.
  const previewLoadedNow = phase.kind === 'preview' && phase.loaded;
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target =
      phase.kind === 'idle' || phase.kind === 'checking'
        ? zoneRef.current
        : phase.kind === 'uploading' || phase.kind === 'processing'
          ? cancelUploadRef.current
          : previewLoadedNow
            ? doneRef.current
            : removeRef.current;
    target?.focus();
  }, [phase.kind, previewLoadedNow]);

  // Leaving the page mid-upload would lose it: the browser asks first (the editor does the same for the order).
  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [busy]);

  const close = () => {
    cancelUpload();
    onClose();
  };

  const onKeyDown = useModalDialog(dialogRef, close);

  // A file dropped anywhere on the dialog or its backdrop must not make the browser open it in the tab.
  const swallowDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
  };

  const onDone = () => {
    if (phase.kind !== 'preview' || !phase.loaded) return;
    if (!startOrderWithPhoto(shrunk ? { ...phase.upload, shrunkCopy: true } : phase.upload)) {
      showError(i18n._(STORAGE_BLOCKED_MESSAGE));
      return;
    }
    onClose();
    navigate('/edit-photo');
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-6" onDragOver={swallowDrop} onDrop={swallowDrop}>
      <div
        className="absolute inset-0 bg-ink-900/55 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={phase.kind === 'idle' ? close : undefined}
      />
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
              <Trans>Upload Photos</Trans>
            </h2>
            <p className="mt-1 text-ink-600">
              <Trans>Choose the photo you want to frame.</Trans>
            </p>
          </div>
          <button
            type="button"
            onClick={close}
            aria-label={t`Close`}
            className="-mt-1 -mr-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>

        {phase.kind === 'idle' || phase.kind === 'checking' ? (
          <DropZone
            onFiles={selectFiles}
            checking={phase.kind === 'checking'}
            rejected={error !== null}
            describedBy={error ? `${errorId} ${hintId}` : hintId}
            zoneRef={zoneRef}
          />
        ) : phase.kind === 'uploading' ? (
          <ProgressPanel
            file={phase.file}
            header={phase.header}
            progress={phase.progress}
            waiting={phase.waiting}
            paused={phase.paused}
            onPause={pauseUpload}
            onResume={resumeUpload}
            onRetry={retryUpload}
            onCancel={cancelUpload}
            cancelRef={cancelUploadRef}
          />
        ) : phase.kind === 'processing' ? (
          <ProcessingPanel file={phase.file} header={phase.header} onCancel={cancelUpload} cancelRef={cancelUploadRef} />
        ) : (
          <UploadPreview
            upload={phase.upload}
            fileName={phase.file.name}
            loaded={phase.loaded}
            onLoad={previewLoaded}
            onError={previewFailed}
            onRemove={removePhoto}
            removeRef={removeRef}
          />
        )}

        {shrunk && phase.kind === 'preview' ? (
          <p
            className="mt-4 rounded-xl bg-saffron-50 px-4 py-3 text-[0.95rem] leading-snug text-saffron-900 ring-1 ring-saffron-300/50"
            data-testid="shrunk-notice"
          >
            {shrunkCopyText()}
          </p>
        ) : null}

        {error ? (
          <div
            key={error.key}
            id={errorId}
            role="alert"
            className="mt-4 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[0.95rem] leading-snug text-red-800"
          >
            <AlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <p>{error.message}</p>
          </div>
        ) : null}

        <p id={hintId} className="mt-4 text-sm leading-relaxed text-ink-600">
          {i18n._(UPLOAD_HINT_TEXTS[UPLOAD_HINT])}
        </p>

        <p className="mt-3 flex items-start gap-2 text-sm text-ink-600">
          <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          <Trans>Your photo is used only to make your frame, and is never shared.</Trans>
        </p>

        <p role="status" aria-live="polite" className="sr-only" data-testid="upload-status">
          {announcement}
        </p>

        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-ink-100 pt-5 sm:flex-row sm:justify-end">
          <button type="button" disabled={!ready} onClick={close} className={secondaryButton}>
            <Trans>Cancel</Trans>
          </button>
          <button ref={doneRef} type="button" disabled={!ready} onClick={onDone} className={`${primaryButton} sm:min-w-32`}>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
