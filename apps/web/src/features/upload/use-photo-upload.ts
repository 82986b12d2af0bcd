/**
 * The upload's life in the modal: idle → checking → uploading with a percent → (processing while
 * the server prepares a very large photo) → preview, which counts as loaded once the image has loaded. A refusal or a
 * failure goes back to idle with an error that hides after 5 s; cancel and remove go back to idle. A lost connection
 * is neither: the upload stays, says so ("Connection lost — retrying…", or "Waiting for the network…" while the
 * browser says it is offline), tries again by itself or on Retry, and continues from where the server stands.
 */
import { msg } from '@lingui/core/macro';
import type { ImageHeader } from '@framewala/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../lib/i18n';
import { clientError, isAbortError, uploadErrorText, type UploadProgress } from '../../lib/uploads/upload-progress';
import { checkPhoto } from '../../lib/uploads/check-photo';
import type { ConnectionTrouble } from '../../lib/uploads/tus-upload';
import { uploadPhoto, waitUntilReady, PREPARE_FAILED_MESSAGE, type UploadedPhoto } from '../../lib/uploads/upload-api';
import { cleanMessage } from './upload-format';

/** The seed's upload error timer (§9). */
export const ERROR_HIDE_MS = 5000;
export const PREVIEW_FAILED_MESSAGE = msg`We could not show a preview of this photo. Please try again.`;
const UPLOAD_FAILED_MESSAGE = msg`The upload failed. Please try again.`;

export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | {
      kind: 'uploading';
      file: File;
      header: ImageHeader | null;
      progress: UploadProgress;
      /** Offline, or retrying after a lost connection (null while bytes go through): it continues by itself. */
      waiting: ConnectionTrouble | null;
      paused: boolean;
    }
  | { kind: 'processing'; file: File; header: ImageHeader | null; upload: UploadedPhoto }
  | { kind: 'preview'; file: File; upload: UploadedPhoto & { url: string }; loaded: boolean };

export type ShownError = { message: string; key: number };

/** Speed over the last few seconds of progress. */
const SPEED_WINDOW_MS = 5000;

/** Progress with the speed and time left measured over the recent samples (which it keeps up to date). */
export function measureProgress(samples: Array<{ at: number; sent: number }>, sent: number, total: number, now: number): UploadProgress {
  samples.push({ at: now, sent });
  while (samples.length > 2 && now - samples[0]!.at > SPEED_WINDOW_MS) samples.shift();
  const first = samples[0]!;
  const seconds = (now - first.at) / 1000;
  const bytesPerSecond = seconds >= 1 && sent > first.sent ? (sent - first.sent) / seconds : null;
  const loaded = Math.min(sent, total);
  return {
    loaded,
    total,
    percent: total > 0 ? Math.floor((loaded / total) * 100) : 0,
    bytesPerSecond,
    secondsLeft: bytesPerSecond ? Math.ceil((total - loaded) / bytesPerSecond) : null,
  };
}

export function usePhotoUpload() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const [error, setError] = useState<ShownError | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Each selection is a run; a newer run, cancel or remove makes older results stale.
  const runRef = useRef(0);
  const controllerRef = useRef<AbortController | null>(null);
  const transferRef = useRef<{ pause: () => void; resume: () => void; retry: () => void } | null>(null);
  const errorKeyRef = useRef(0);

  useEffect(() => () => controllerRef.current?.abort(), []);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ERROR_HIDE_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const showError = useCallback((message: string) => {
    errorKeyRef.current += 1;
    setError({ message: cleanMessage(message), key: errorKeyRef.current });
  }, []);

  /** Stops whatever is in flight and goes back to idle. Announcements and errors are in the page's language. */
  const reset = useCallback((announce: string) => {
    runRef.current += 1;
    controllerRef.current?.abort();
    controllerRef.current = null;
    transferRef.current = null;
    setPhase({ kind: 'idle' });
    setAnnouncement(announce);
  }, []);

  const selectFiles = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      runRef.current += 1;
      const run = runRef.current;
      const current = () => run === runRef.current;
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setError(null);
      setPhase({ kind: 'checking', fileName: files[0]?.name ?? '' });
      setAnnouncement(i18n._(msg`Checking your photo…`));

      const check = await checkPhoto(files);
      if (!current()) return;
      if (!check.ok) {
        setPhase({ kind: 'idle' });
        setAnnouncement('');
        showError(check.message);
        return;
      }

      const { file, header } = check;
      const start: UploadProgress = { loaded: 0, total: file.size, percent: 0, bytesPerSecond: null, secondsLeft: null };
      setPhase({ kind: 'uploading', file, header, progress: start, waiting: null, paused: false });
      const fileName = file.name;
      setAnnouncement(i18n._(msg`Uploading ${fileName}.`));
      const samples: Array<{ at: number; sent: number }> = [];
      try {
        const transfer = uploadPhoto(file, {
          signal: controller.signal,
          onProgress: (sent, total) => {
            if (!current()) return;
            const progress = measureProgress(samples, sent, total, Date.now());
            // Bytes still moving while the browser says it is offline: keep saying so until it is back.
            const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
            setPhase((prev) => (prev.kind === 'uploading' ? { ...prev, progress, waiting: offline ? prev.waiting : null } : prev));
          },
          onWaiting: (waiting) => {
            if (!current()) return;
            // The speed is measured afresh once the network is back.
            if (waiting) samples.length = 0;
            setPhase((prev) => (prev.kind === 'uploading' ? { ...prev, waiting } : prev));
            if (waiting === 'offline') setAnnouncement(i18n._(msg`Waiting for the network. The upload will continue by itself.`));
            if (waiting === 'retrying') setAnnouncement(i18n._(msg`Connection lost. Retrying, the upload will continue by itself.`));
          },
        });
        transferRef.current = transfer;
        let upload = await transfer.result;
        transferRef.current = null;
        if (!current()) return;
        if (upload.status === 'processing') {
          setPhase({ kind: 'processing', file, header, upload });
          setAnnouncement(i18n._(msg`Upload complete. Preparing your photo, this can take a moment for large photos.`));
          upload = await waitUntilReady(queryClient, upload, { signal: controller.signal });
          if (!current()) return;
        }
        if (upload.status !== 'ready' || !upload.url) throw clientError(422, 'IMAGE_UNREADABLE', PREPARE_FAILED_MESSAGE);
        setPhase({ kind: 'preview', file, upload: { ...upload, url: upload.url }, loaded: false });
        setAnnouncement(i18n._(msg`Upload complete. Loading the preview.`));
      } catch (caught) {
        if (!current() || isAbortError(caught)) return;
        controllerRef.current = null;
        setPhase({ kind: 'idle' });
        setAnnouncement('');
        showError(uploadErrorText(caught, i18n._(UPLOAD_FAILED_MESSAGE)));
      }
    },
    [showError, queryClient],
  );

  const cancelUpload = useCallback(() => reset(i18n._(msg`Upload cancelled.`)), [reset]);
  const pauseUpload = useCallback(() => {
    transferRef.current?.pause();
    setPhase((prev) => (prev.kind === 'uploading' ? { ...prev, paused: true, waiting: null } : prev));
    setAnnouncement(i18n._(msg`Upload paused.`));
  }, []);
  const resumeUpload = useCallback(() => {
    transferRef.current?.resume();
    setPhase((prev) => (prev.kind === 'uploading' ? { ...prev, paused: false } : prev));
    setAnnouncement(i18n._(msg`Upload resumed.`));
  }, []);
  const retryUpload = useCallback(() => {
    transferRef.current?.retry();
    setAnnouncement(i18n._(msg`Trying again.`));
  }, []);
  const removePhoto = useCallback(() => reset(i18n._(msg`Photo removed. You can choose another photo.`)), [reset]);

  const previewLoaded = useCallback(() => {
    setPhase((prev) => (prev.kind === 'preview' ? { ...prev, loaded: true } : prev));
    setAnnouncement(i18n._(msg`Your photo is ready. Press Done to continue.`));
  }, []);

  const previewFailed = useCallback(() => {
    reset('');
    showError(i18n._(PREVIEW_FAILED_MESSAGE));
  }, [reset, showError]);

  return {
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
  };
}
