import { Trans, useLingui } from '@lingui/react/macro';
import type { ImageHeader } from '@framewala/domain';
import type { Ref } from 'react';
import { secondaryButton } from '../../components/button-styles';
import type { ConnectionTrouble } from '../../lib/uploads/tus-upload';
import type { UploadProgress } from '../../lib/uploads/upload-progress';
import { formatBytes, formatLabel, formatPixels, formatSpeed, formatTimeLeft } from './upload-format';
import { CheckCircleIcon, Spinner } from '../../components/icons';

type FileSummaryProps = { file: File; header: ImageHeader | null };

/** The accepted file: its name, and what the check read from it. */
function AcceptedFile({ file, header }: FileSummaryProps) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-leaf-50 text-leaf-600">
        <CheckCircleIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink-900" title={file.name}>
          {file.name}
        </p>
        <p className="text-sm text-ink-600">
          {header ? `${formatLabel(header.format)} · ${formatPixels(header.orientedWidth, header.orientedHeight)} · ` : ''}
          {formatBytes(file.size)}
        </p>
      </div>
    </div>
  );
}

type ProgressPanelProps = FileSummaryProps & {
  progress: UploadProgress;
  /** Offline, or retrying after a lost connection: the upload continues by itself (or at once on Retry). */
  waiting: ConnectionTrouble | null;
  paused: boolean;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onCancel: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
};

/** While the photo is being sent: a bar with the percentage, bytes sent, speed and time left; pause, resume, cancel. */
export function ProgressPanel({
  file,
  header,
  progress,
  waiting,
  paused,
  onPause,
  onResume,
  onRetry,
  onCancel,
  cancelRef,
}: ProgressPanelProps) {
  const { t } = useLingui();
  const { percent, bytesPerSecond, secondsLeft } = progress;
  const sending = percent < 100;
  const status = paused
    ? t`Paused`
    : waiting === 'offline'
      ? t`Waiting for the network…`
      : waiting === 'retrying'
        ? t`Connection lost — retrying…`
        : sending
          ? t`Uploading…`
          : t`Finishing up…`;
  const fileName = file.name;
  const sent = formatBytes(progress.loaded);
  const total = formatBytes(progress.total);
  const showRate = !paused && !waiting && sending && bytesPerSecond !== null && secondsLeft !== null;
  return (
    <div
      data-testid="upload-progress"
      data-state={waiting ? 'waiting' : paused ? 'paused' : 'accepted'}
      className="mt-6 rounded-2xl border-2 border-leaf-600/30 bg-leaf-50/60 p-4 sm:p-5"
    >
      <AcceptedFile file={file} header={header} />
      <div className="mt-4 flex items-baseline justify-between gap-3 text-sm">
        <span className={`font-medium ${waiting ? 'text-saffron-800' : 'text-ink-800'}`} data-testid="upload-state">
          {status}
        </span>
        <span className="font-semibold text-ink-900 tabular-nums" data-testid="upload-percent">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t`Uploading ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-white ring-1 ring-ink-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-200 ease-out motion-reduce:transition-none ${waiting || paused ? 'bg-ink-400' : 'bg-saffron-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-ink-600 tabular-nums">
        <span data-testid="upload-bytes">
          <Trans>
            {sent} of {total}
          </Trans>
        </span>
        {showRate ? (
          <span data-testid="upload-rate">
            {formatSpeed(bytesPerSecond)} · {formatTimeLeft(secondsLeft)}
          </span>
        ) : waiting ? (
          <span>
            <Trans>It continues by itself when you are back online.</Trans>
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-3">
        {waiting && !paused ? (
          <button type="button" onClick={onRetry} className={`${secondaryButton} min-h-10 px-4 py-2 text-sm`}>
            <Trans>Retry</Trans>
          </button>
        ) : null}
        {paused ? (
          <button type="button" onClick={onResume} className={`${secondaryButton} min-h-10 px-4 py-2 text-sm`}>
            <Trans>Resume</Trans>
          </button>
        ) : (
          <button type="button" onClick={onPause} disabled={!sending} className={`${secondaryButton} min-h-10 px-4 py-2 text-sm`}>
            <Trans>Pause</Trans>
          </button>
        )}
        <button ref={cancelRef} type="button" onClick={onCancel} className={`${secondaryButton} min-h-10 px-4 py-2 text-sm`}>
          <Trans>Cancel upload</Trans>
        </button>
      </div>
    </div>
  );
}

type ProcessingPanelProps = FileSummaryProps & { onCancel: () => void; cancelRef?: Ref<HTMLButtonElement> };

/** A very large photo is uploaded and the server is still making its preview: a loader until it is ready. */
export function ProcessingPanel({ file, header, onCancel, cancelRef }: ProcessingPanelProps) {
  return (
    <div
      data-testid="upload-processing"
      data-state="accepted"
      className="mt-6 rounded-2xl border-2 border-leaf-600/30 bg-leaf-50/60 p-4 sm:p-5"
    >
      <AcceptedFile file={file} header={header} />
      <div className="mt-4 flex items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-ink-100">
        <Spinner className="h-6 w-6 shrink-0 text-saffron-700" />
        <div>
          <p className="font-medium text-ink-900">
            <Trans>Uploaded. Preparing your photo…</Trans>
          </p>
          <p className="text-sm text-ink-600">
            <Trans>Large photos take a little longer. You can keep this window open.</Trans>
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end">
        <button ref={cancelRef} type="button" onClick={onCancel} className={`${secondaryButton} min-h-10 px-4 py-2 text-sm`}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
