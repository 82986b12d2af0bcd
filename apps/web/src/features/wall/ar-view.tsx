import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ArLinkResponse } from '@framewala/domain';
import { primaryButton } from '../../components/button-styles';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-messages';
import { uploadRequestHeaders } from '../../lib/uploads/upload-claim';
import type { FramedPiece } from './framed-piece';
import { isAppleMobile } from './platform';
import { outerSizeText } from '../../lib/print-texts';

type State = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error'; error: unknown };

/**
 * Augmented reality: the server's .glb of the framed piece at true size in `<model-viewer>`, which opens Android's
 * Scene Viewer or WebXR and hangs it on a wall. model-viewer (and three.js with it) is loaded only here, on demand.
 */
export function ArView({
  piece,
  photoId,
  borderLevel,
  frameId,
}: {
  piece: FramedPiece;
  photoId: string;
  borderLevel: number;
  frameId: string | null;
}) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ status: 'idle' });
  const host = useRef<HTMLDivElement>(null);
  const apple = typeof navigator !== 'undefined' && isAppleMobile();

  const open = async () => {
    if (!frameId) return;
    setState({ status: 'loading' });
    try {
      const [link] = await Promise.all([
        api.post<ArLinkResponse>(
          `/api/uploads/${encodeURIComponent(photoId)}/ar-link`,
          { width: piece.widthIn, height: piece.heightIn, frameId, border: borderLevel },
          { headers: uploadRequestHeaders() },
        ),
        import('@google/model-viewer'),
      ]);
      setState({ status: 'ready', src: new URL(link.glbUrl, window.location.href).href });
    } catch (error) {
      setState({ status: 'error', error });
    }
  };

  const src = state.status === 'ready' ? state.src : null;
  const sizeText = outerSizeText(piece.outer);
  const alt = t`Your framed photo, ${sizeText}`;
  const arLabel = t`View on your wall (AR)`;
  const closeLabel = t`Close AR`;
  useEffect(() => {
    const el = host.current;
    if (!src || !el) return;
    el.replaceChildren();
    const viewer = document.createElement('model-viewer');
    viewer.setAttribute('src', src);
    viewer.setAttribute('alt', alt);
    viewer.setAttribute('ar', '');
    viewer.setAttribute('ar-modes', 'webxr scene-viewer');
    viewer.setAttribute('ar-placement', 'wall');
    viewer.setAttribute('ar-scale', 'fixed');
    viewer.setAttribute('camera-controls', '');
    viewer.setAttribute('shadow-intensity', '1');
    viewer.setAttribute('data-testid', 'ar-model');
    viewer.style.width = '100%';
    viewer.style.height = '100%';
    // Our own AR button and no loading bar: the viewer's built-in ones are styled inline, which the shop's CSP blocks.
    const button = document.createElement('button');
    button.slot = 'ar-button';
    button.type = 'button';
    button.textContent = arLabel;
    button.className =
      'absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-saffron-700 px-5 py-2.5 text-sm font-semibold text-white shadow-lg';
    const progress = document.createElement('div');
    progress.slot = 'progress-bar';
    const exit = document.createElement('button');
    exit.slot = 'exit-webxr-ar-button';
    exit.type = 'button';
    exit.textContent = closeLabel;
    exit.className = 'absolute top-4 right-4 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink-900 shadow';
    viewer.append(button, progress, exit);
    el.append(viewer);
    return () => viewer.remove();
  }, [src, alt, arLabel, closeLabel]);

  if (apple) {
    return (
      <div role="status" className="rounded-2xl border border-ink-100 bg-white p-6 text-ink-700 shadow-sm">
        <h2 className="text-lg font-semibold text-ink-900">
          <Trans>AR isn’t supported on iPhone and iPad here yet</Trans>
        </h2>
        <p className="mt-2">
          <Trans>Use “On your wall” to see the frame on a photo of your own wall, at its real size.</Trans>
        </p>
      </div>
    );
  }
  if (!frameId) {
    return (
      <p className="rounded-2xl border border-ink-100 bg-white p-6 text-ink-700 shadow-sm">
        <Trans>Choose a frame in the editor first, then see it on your wall in AR.</Trans>
      </p>
    );
  }
  return (
    <div>
      <div className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:p-5">
        <p className="text-sm text-ink-700">
          <Trans>
            On an Android phone, open the 3D frame and tap the AR button: point the camera at your wall and the frame appears there at its
            real size, {sizeText}. On a computer you can turn it around here.
          </Trans>
        </p>
        {state.status !== 'ready' ? (
          <button type="button" className={`${primaryButton} mt-3`} disabled={state.status === 'loading'} onClick={() => void open()}>
            {state.status === 'loading' ? <Trans>Making your 3D frame…</Trans> : <Trans>Open the 3D frame</Trans>}
          </button>
        ) : null}
        {state.status === 'error' ? (
          <p role="alert" className="mt-2 text-sm text-saffron-800">
            {errorText(state.error, t`We couldn’t load the 3D view. Please check your connection and try again.`)}
          </p>
        ) : null}
      </div>
      {state.status === 'ready' ? (
        <div
          ref={host}
          className="mt-4 aspect-[4/3] w-full overflow-hidden rounded-2xl border border-ink-100 bg-[radial-gradient(ellipse_at_50%_30%,#fdfaf5,#e9dccb)]"
        />
      ) : null}
    </div>
  );
}
