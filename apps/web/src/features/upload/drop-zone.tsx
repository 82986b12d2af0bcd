import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ACCEPTED_EXTENSIONS, ACCEPTED_MIME_TYPES } from '@framewala/domain';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent, Ref } from 'react';
import { UploadIcon, AlertIcon, FolderOpenIcon, Spinner } from '../../components/icons';

const ACCEPT = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_MIME_TYPES].join(',');
const ACCEPTED_DRAG_TYPES = new Set<string>([...ACCEPTED_MIME_TYPES, 'image/jpg', 'image/pjpeg', 'image/tif']);

type DragState = { kind: 'none' } | { kind: 'accept' } | { kind: 'reject'; reason: MessageDescriptor };

/**
 * What the dragged items look like, before the drop. Browsers expose the count and the MIME type guessed from the
 * name, not the content: the real check runs on drop.
 */
function judgeDrag(event: DragEvent<HTMLElement>): DragState {
  const items = Array.from(event.dataTransfer?.items ?? []).filter((item) => item.kind === 'file');
  if (items.length > 1) return { kind: 'reject', reason: msg`Drop one photo at a time` };
  const type = items[0]?.type ?? '';
  if (type !== '' && !ACCEPTED_DRAG_TYPES.has(type)) return { kind: 'reject', reason: msg`Only JPG and TIF photos are accepted` };
  return { kind: 'accept' };
}

type DropZoneProps = {
  onFiles: (files: File[]) => void;
  /** A file is being checked. */
  checking: boolean;
  /** The last file was refused and its error is showing. */
  rejected: boolean;
  /** Id of the hint text that describes the zone. */
  describedBy: string;
  zoneRef?: Ref<HTMLDivElement>;
};

/**
 * The drag-and-drop zone with its browse link. The whole zone is one button: click, Enter or Space open the file
 * dialog. Its states are visible and exposed as data attributes: drag active (accepting or refusing what is dragged),
 * focused, file dialog open, checking, and rejected (the last file was refused).
 */
export function DropZone({ onFiles, checking, rejected, describedBy, zoneRef }: DropZoneProps) {
  const { i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);
  const [drag, setDrag] = useState<DragState>({ kind: 'none' });
  const [focused, setFocused] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  // The file dialog has no "closed" event in every browser: 'cancel' where supported, else focus coming back.
  useEffect(() => {
    if (!dialogOpen) return;
    const input = inputRef.current;
    const close = () => setDialogOpen(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWindowFocus = () => {
      timer = setTimeout(close, 400);
    };
    input?.addEventListener('cancel', close);
    window.addEventListener('focus', onWindowFocus);
    return () => {
      input?.removeEventListener('cancel', close);
      window.removeEventListener('focus', onWindowFocus);
      if (timer) clearTimeout(timer);
    };
  }, [dialogOpen]);

  const openDialog = () => {
    if (checking || !inputRef.current) return;
    inputRef.current.value = '';
    setDialogOpen(true);
    inputRef.current.click();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openDialog();
    }
  };

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dragDepth.current += 1;
    setDrag(judgeDrag(event));
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };

  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDrag({ kind: 'none' });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDrag({ kind: 'none' });
    if (checking) return;
    onFiles(Array.from(event.dataTransfer?.files ?? []));
  };

  const state =
    drag.kind === 'accept'
      ? 'drag-accept'
      : drag.kind === 'reject'
        ? 'drag-reject'
        : checking
          ? 'checking'
          : dialogOpen
            ? 'dialog-open'
            : rejected
              ? 'rejected'
              : 'idle';

  // The focus ring keeps the state's colour: saffron, or red while refusing.
  const look: Record<typeof state, string> = {
    idle: 'border-ink-300 bg-cream hover:border-saffron-400 hover:bg-saffron-50/50 focus-visible:border-saffron-600 focus-visible:ring-saffron-200',
    'drag-accept': 'border-saffron-500 bg-saffron-50 shadow-[inset_0_0_0_4px_var(--color-saffron-100)] focus-visible:ring-saffron-200',
    'drag-reject': 'border-red-600 bg-red-50 focus-visible:ring-red-200',
    checking: 'border-saffron-400 bg-saffron-50/60 cursor-progress focus-visible:ring-saffron-200',
    'dialog-open': 'border-saffron-500 bg-saffron-50/70 focus-visible:ring-saffron-200',
    rejected: 'border-red-500 bg-red-50/60 hover:border-red-600 focus-visible:ring-red-200',
  };

  const badge =
    state === 'drag-reject' || state === 'rejected' ? (
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700">
        <AlertIcon className="h-7 w-7" />
      </span>
    ) : state === 'checking' ? (
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-saffron-100 text-saffron-700">
        <Spinner className="h-7 w-7" />
      </span>
    ) : state === 'dialog-open' ? (
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-saffron-100 text-saffron-700">
        <FolderOpenIcon className="h-7 w-7" />
      </span>
    ) : (
      <span
        className={`flex h-14 w-14 items-center justify-center rounded-full transition-transform motion-reduce:transition-none ${
          state === 'drag-accept' ? '-translate-y-1 bg-saffron-600 text-white' : 'bg-saffron-100 text-saffron-700'
        }`}
      >
        <UploadIcon className="h-7 w-7" />
      </span>
    );

  const browse = (
    <span className="font-semibold whitespace-nowrap text-saffron-800 underline decoration-saffron-300 underline-offset-4 group-hover:decoration-saffron-700">
      <Trans>browse your files</Trans>
    </span>
  );
  // On touch screens there is nothing to drag: the zone says tap instead (pointer-coarse). Each line is one message,
  // so a language can order its words: the pointer's lead and the touch lead hide each other.
  const browseLine = (lead: 'drag' | 'or') => (
    <span className="mt-1 block text-ink-600">
      <span className="pointer-coarse:hidden">
        {lead === 'drag' ? <Trans>Drag and drop it here, or {browse}</Trans> : <Trans>or {browse}</Trans>}
      </span>
      <span className="hidden pointer-coarse:inline">
        <Trans>Tap to {browse}</Trans>
      </span>
    </span>
  );

  const text =
    state === 'drag-accept' ? (
      <>
        <span className="block text-lg font-semibold text-saffron-900">
          <Trans>Drop your photo to upload it</Trans>
        </span>{' '}
        <span className="mt-1 block text-ink-600">
          <Trans>We check it before sending anything.</Trans>
        </span>
      </>
    ) : state === 'drag-reject' && drag.kind === 'reject' ? (
      <>
        <span className="block text-lg font-semibold text-red-800">{i18n._(drag.reason)}</span>{' '}
        <span className="mt-1 block text-ink-600">
          <Trans>One JPG or TIF photo, please.</Trans>
        </span>
      </>
    ) : state === 'checking' ? (
      <>
        <span className="block text-lg font-semibold text-ink-900">
          <Trans>Checking your photo…</Trans>
        </span>{' '}
        <span className="mt-1 block text-ink-600">
          <Trans>Reading its size, without sending it yet.</Trans>
        </span>
      </>
    ) : state === 'dialog-open' ? (
      <>
        <span className="block text-lg font-semibold text-ink-900">
          <Trans>Choose a photo in the window that opened</Trans>
        </span>{' '}
        <span className="mt-1 block text-ink-600 pointer-coarse:hidden">
          <Trans>Or drag and drop it here.</Trans>
        </span>
      </>
    ) : state === 'rejected' ? (
      <>
        <span className="block text-lg font-semibold text-ink-900">
          <Trans>Try another photo</Trans>
        </span>{' '}
        {browseLine('drag')}
      </>
    ) : (
      <>
        <span className="block text-lg font-semibold text-ink-900">
          <span className="pointer-coarse:hidden">
            <Trans>Drag and drop your photo here</Trans>
          </span>
          <span className="hidden pointer-coarse:inline">
            <Trans>Pick your photo</Trans>
          </span>
        </span>{' '}
        {browseLine('or')}
      </>
    );

  // The file input sits beside the zone, not inside it: a control inside a button is hidden from assistive technology.
  return (
    <>
      <div
        ref={zoneRef}
        role="button"
        tabIndex={0}
        aria-describedby={describedBy}
        aria-disabled={checking || undefined}
        aria-busy={checking || undefined}
        data-testid="upload-drop-zone"
        data-state={state}
        data-drag-active={drag.kind !== 'none' || undefined}
        data-focused={focused || undefined}
        data-dialog-open={dialogOpen || undefined}
        onClick={openDialog}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`group mt-6 flex min-h-56 cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-5 py-8 text-center transition-[background-color,border-color,box-shadow] select-none focus-visible:ring-4 focus-visible:outline-none motion-reduce:transition-none sm:min-h-64 sm:py-10 ${look[state]}`}
      >
        {badge}
        <span className="mt-4">{text}</span>{' '}
        <span className="mt-3 block text-sm text-ink-500">
          <Trans>JPG or TIF · one photo · up to 2 GB</Trans>
        </span>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload-file-input"
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          setDialogOpen(false);
          const files = Array.from(event.target.files ?? []);
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
