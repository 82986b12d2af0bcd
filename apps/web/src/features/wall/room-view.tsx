import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { clampCentre, type Point } from '@framewala/domain';
import { FramedPrint } from '../../components/framed-print';
import { useFrameArt } from '../../components/use-frame-art';
import { FLOOR_Y, ROOM_SCENES, SCENE_HEIGHT_IN, WALL_COLOURS, type SceneId } from './room-scene-data';
import { RoomArt } from './room-scenes';
import type { FramedPiece } from './framed-piece';
import { paintedMark, useWidth } from './use-width';
import { inchesText, outerSizeText } from '../../lib/print-texts';

/** Marked two animation frames after a room, size or wall colour is drawn (detail: scene|W×H|colour). */
export const ROOM_PAINTED_MARK = 'framewala:room-painted';

/** Where the piece hangs when nobody has moved it: eye level (57 in from the floor), above the furniture. */
function defaultCentre(scene: (typeof ROOM_SCENES)[number], heightIn: number): Point {
  const eye = FLOOR_Y - 57;
  return { x: scene.hang.x, y: Math.min(eye, scene.hang.maxBottom - heightIn / 2) };
}

/**
 * The framed piece in a drawn room at true scale: the room is drawn in inches, the piece over it at the same pixels
 * per inch. It can be dragged along the wall; the outer size is written beside it.
 */
export function RoomView({ piece, sizeKey }: { piece: FramedPiece; sizeKey: string }) {
  const { t, i18n } = useLingui();
  const [sceneId, setSceneId] = useState<SceneId>('living');
  const scene = ROOM_SCENES.find((s) => s.id === sceneId) ?? ROOM_SCENES[0]!;
  const [wall, setWall] = useState<string>(scene.defaultWall);
  const [moved, setMoved] = useState<Point | null>(null);
  const [stageRef, stageWidth] = useWidth<HTMLDivElement>();
  const [viewportWidth, setViewportWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setViewportWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const art = useFrameArt(piece.frame);

  const narrow = viewportWidth < 640;
  const view = narrow ? scene.narrow : { x: 0, width: 168 };
  const pxPerIn = stageWidth > 0 ? stageWidth / view.width : 0;
  const W = piece.outer.widthIn;
  const H = piece.outer.heightIn;
  const wanted = moved ?? defaultCentre(scene, H);
  const left = Math.max(scene.area.left, view.x + 1);
  const right = Math.min(scene.area.right, view.x + view.width - 1);
  const centre = {
    x: clampCentre(wanted.x, W, left, right),
    y: clampCentre(wanted.y, H, scene.area.top, scene.area.bottom),
  };

  const paintKey = `${sceneId}|${sizeKey}|${wall}|${art || !piece.frame ? 'art' : 'loading'}`;
  useEffect(() => (pxPerIn > 0 ? paintedMark(ROOM_PAINTED_MARK, paintKey) : undefined), [paintKey, pxPerIn]);

  const drag = useRef<{ id: number; start: Point; from: Point } | null>(null);
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, start: { x: e.clientX, y: e.clientY }, from: centre };
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId || pxPerIn <= 0) return;
    setMoved({ x: d.from.x + (e.clientX - d.start.x) / pxPerIn, y: d.from.y + (e.clientY - d.start.y) / pxPerIn });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 12 : 2;
    const dirs: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    setMoved({ x: centre.x + d.x, y: centre.y + d.y });
  };

  const frameLeft = (centre.x - W / 2 - view.x) * pxPerIn;
  const frameTop = (centre.y - H / 2) * pxPerIn;
  const labelBelow = centre.y + H / 2 + 6 < FLOOR_Y - 4;
  const sizeText = outerSizeText(piece.outer);
  const sceneName = i18n._(scene.name);
  const known = i18n._(scene.known);

  return (
    <div>
      <div role="group" aria-label={t`Room`} className="mb-3 flex gap-2 overflow-x-auto pb-1">
        {ROOM_SCENES.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={s.id === sceneId}
            data-scene={s.id}
            onClick={() => {
              setSceneId(s.id);
              setWall(s.defaultWall);
              setMoved(null);
            }}
            className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
              s.id === sceneId
                ? 'border-saffron-700 bg-saffron-700 text-white'
                : 'border-ink-200 bg-white text-ink-700 hover:border-saffron-400'
            }`}
          >
            {i18n._(s.name)}
          </button>
        ))}
      </div>
      <div
        ref={stageRef}
        data-testid="room-stage"
        data-scene={sceneId}
        className="relative w-full touch-none overflow-hidden rounded-2xl border border-ink-100 bg-ink-100 shadow-sm select-none"
        style={{ aspectRatio: `${view.width} / ${SCENE_HEIGHT_IN}` }}
      >
        <svg
          viewBox={`${view.x} 0 ${view.width} ${SCENE_HEIGHT_IN}`}
          className="absolute inset-0 h-full w-full"
          role="img"
          aria-label={t`${sceneName}, drawn to scale. ${known}`}
        >
          <RoomArt scene={sceneId} wall={wall} idPrefix="room" />
        </svg>
        {pxPerIn > 0 ? (
          <>
            <div
              data-testid="wall-frame"
              data-outer-width-in={W}
              data-outer-height-in={H}
              role="img"
              tabIndex={0}
              aria-label={t`Your framed photo, ${sizeText}. Drag it, or use the arrow keys, to move it along the wall.`}
              className="absolute cursor-grab touch-none outline-offset-4 active:cursor-grabbing"
              style={{ left: frameLeft, top: frameTop }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onKeyDown={onKeyDown}
            >
              <FramedPrint
                photo={piece.photo}
                crop={piece.crop}
                frame={piece.frame}
                art={art}
                widthIn={piece.widthIn}
                heightIn={piece.heightIn}
                borderIn={piece.borderIn}
                mouldingIn={piece.mouldingIn}
                pxPerIn={pxPerIn}
                shadow={`${0.35 * pxPerIn}px ${0.9 * pxPerIn}px ${1.6 * pxPerIn}px -${0.3 * pxPerIn}px rgba(25 17 10 / 0.5)`}
              />
            </div>
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -translate-x-1/2 rounded-full bg-white/90 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-ink-800 tabular-nums shadow-sm sm:text-xs"
              style={{
                left: frameLeft + (W * pxPerIn) / 2,
                top: labelBelow ? frameTop + H * pxPerIn + 8 : undefined,
                bottom: labelBelow ? undefined : `calc(100% - ${frameTop}px + 8px)`,
              }}
            >
              {inchesText(W, H)}
            </div>
          </>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-ink-600">
          <span className="font-semibold text-ink-800">
            <Trans>Outer size</Trans>
          </span>{' '}
          <span data-testid="room-outer-size" className="tabular-nums">
            {sizeText}
          </span>
        </p>
        <div role="group" aria-label={t`Wall colour`} className="flex items-center gap-2">
          <span className="text-sm text-ink-500">
            <Trans>Wall</Trans>
          </span>
          {WALL_COLOURS.map((c) => (
            <button
              key={c.value}
              type="button"
              aria-label={i18n._(c.name)}
              title={i18n._(c.name)}
              aria-pressed={wall === c.value}
              data-wall={c.value}
              onClick={() => setWall(c.value)}
              className={`h-7 w-7 rounded-full border shadow-inner transition ${wall === c.value ? 'border-ink-900 ring-2 ring-saffron-500 ring-offset-2' : 'border-ink-200'}`}
              style={{ background: c.value }}
            />
          ))}
        </div>
      </div>
      <p className="mt-2 text-sm text-ink-500">
        <Trans>Drawn to scale. {known} Drag the frame to move it.</Trans>
      </p>
    </div>
  );
}
