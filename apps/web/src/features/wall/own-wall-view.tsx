import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import {
  MM_PER_INCH,
  REFERENCE_OBJECTS,
  applyHomography,
  cssMatrix3d,
  findBrightQuad,
  invertHomography,
  multiplyHomography,
  placeOnWall,
  referenceRectMm,
  scaling,
  wallToPhoto,
  type Point,
  type Quad,
  type ReferenceId,
} from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { drawFlatPiece, warpInto } from './framed-print-canvas';
import { FramedPrint } from '../../components/framed-print';
import { useFrameArt } from '../../components/use-frame-art';
import type { FramedPiece } from './framed-piece';
import { useWidth } from './use-width';
import { outerSizeText } from '../../lib/print-texts';
import { REFERENCE_LABELS } from './wall-texts';

type WallPhoto = { url: string; width: number; height: number; name: string };

/** The frame is drawn flat at this many CSS pixels per millimetre, then projected. */
const LOCAL_PX_PER_MM = 1;
const CORNER_NAMES = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
/** The handles' names for screen readers, in the order of `CORNER_NAMES`. */
const MOVE_CORNER: readonly MessageDescriptor[] = [
  msg`Move the top-left corner (arrow keys)`,
  msg`Move the top-right corner (arrow keys)`,
  msg`Move the bottom-right corner (arrow keys)`,
  msg`Move the bottom-left corner (arrow keys)`,
];

/** A sheet-shaped box in the middle of the photo, for the customer to drag onto the real corners. */
function startingCorners(photo: WallPhoto, ref: ReferenceId): Quad {
  const r = REFERENCE_OBJECTS[ref];
  const h = photo.height * 0.22;
  const w = (h * r.shortMm) / r.longMm;
  const cx = photo.width / 2;
  const cy = photo.height / 2;
  return [
    { x: cx - w / 2, y: cy - h / 2 },
    { x: cx + w / 2, y: cy - h / 2 },
    { x: cx + w / 2, y: cy + h / 2 },
    { x: cx - w / 2, y: cy + h / 2 },
  ];
}

/** The corners of a white sheet (or note) in the photo when one stands out, looked for on a small copy; else null. */
function detectSheet(img: HTMLImageElement): Quad | null {
  const k = Math.min(1, 240 / Math.max(img.naturalWidth, img.naturalHeight));
  const w = Math.max(8, Math.round(img.naturalWidth * k));
  const h = Math.max(8, Math.round(img.naturalHeight * k));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(img, 0, 0, w, h);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
  const quad = findBrightQuad(grey, w, h);
  return quad ? (quad.map((p) => ({ x: (p.x * img.naturalWidth) / w, y: (p.y * img.naturalHeight) / h })) as unknown as Quad) : null;
}

function tryWall(ref: ReferenceId, corners: Quad) {
  try {
    return wallToPhoto(REFERENCE_OBJECTS[ref], corners);
  } catch {
    return null;
  }
}

/**
 * The customer's own wall: a photo they pick (read in the browser, never uploaded), the four corners of a thing of
 * known size marked with handles, and the framed piece placed on that wall at true size and in perspective.
 */
export function OwnWallView({ piece }: { piece: FramedPiece }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const [photo, setPhoto] = useState<WallPhoto | null>(null);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [ref, setRef] = useState<ReferenceId>('a4');
  const [corners, setCorners] = useState<Quad | null>(null);
  const [found, setFound] = useState(false);
  const [centreMm, setCentreMm] = useState<Point | null>(null);
  const [saving, setSaving] = useState<MessageDescriptor | null>(null);
  const [stageRef, stageWidth, stageEl] = useWidth<HTMLDivElement>();
  const art = useFrameArt(piece.frame);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(msg`Please choose a photo (JPEG, PNG or HEIC from your camera).`);
      return;
    }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      const next = { url, width: img.naturalWidth, height: img.naturalHeight, name: file.name };
      setPhoto(next);
      let detected: Quad | null = null;
      try {
        detected = detectSheet(img);
      } catch {
        detected = null;
      }
      setFound(detected !== null);
      setCorners(detected ?? startingCorners(next, ref));
      setCentreMm(null);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setError(msg`We couldn’t open this photo. Please try another one.`);
    };
    img.src = url;
  };

  const sizeText = outerSizeText(piece.outer);
  const scale = photo && stageWidth > 0 ? stageWidth / photo.width : 0;
  const wall = corners ? tryWall(ref, corners) : null;
  const refRect = corners ? referenceRectMm(REFERENCE_OBJECTS[ref], corners) : null;
  const centre = centreMm ?? (refRect ? { x: refRect[2].x / 2, y: refRect[2].y / 2 } : { x: 0, y: 0 });
  const placed = wall ? placeOnWall(wall, piece.outer, centre) : null;
  const display =
    placed && scale > 0 ? multiplyHomography(multiplyHomography(scaling(scale), placed.homography), scaling(1 / LOCAL_PX_PER_MM)) : null;

  // ── Dragging: corner handles in photo pixels, the frame on the wall in millimetres ──
  const drag = useRef<{ id: number; kind: 'corner' | 'frame'; index: number; grab: Point } | null>(null);
  const toPhoto = (e: React.PointerEvent): Point => {
    const box = stageEl.current!.getBoundingClientRect();
    return { x: (e.clientX - box.left) / scale, y: (e.clientY - box.top) / scale };
  };
  const startCorner = (index: number) => (e: React.PointerEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = toPhoto(e);
    const c = corners![index]!;
    drag.current = { id: e.pointerId, kind: 'corner', index, grab: { x: c.x - p.x, y: c.y - p.y } };
  };
  const startFrame = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!wall) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const onWall = applyHomography(invertHomography(wall), toPhoto(e));
    drag.current = { id: e.pointerId, kind: 'frame', index: -1, grab: { x: centre.x - onWall.x, y: centre.y - onWall.y } };
  };
  const move = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId || !photo || scale <= 0) return;
    const p = toPhoto(e);
    if (d.kind === 'corner' && corners) {
      const next = [...corners] as unknown as Point[];
      next[d.index] = { x: Math.min(photo.width, Math.max(0, p.x + d.grab.x)), y: Math.min(photo.height, Math.max(0, p.y + d.grab.y)) };
      setCorners(next as unknown as Quad);
    } else if (d.kind === 'frame' && wall) {
      const onWall = applyHomography(invertHomography(wall), p);
      setCentreMm({ x: onWall.x + d.grab.x, y: onWall.y + d.grab.y });
    }
  };
  const end = () => {
    drag.current = null;
  };
  const nudgeCorner = (index: number) => (e: React.KeyboardEvent<HTMLButtonElement>) => {
    const step = (e.shiftKey ? 10 : 1) / Math.max(scale, 0.01);
    const dirs: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const d = dirs[e.key];
    if (!d || !corners) return;
    e.preventDefault();
    const next = [...corners] as unknown as Point[];
    next[index] = { x: next[index]!.x + d.x, y: next[index]!.y + d.y };
    setCorners(next as unknown as Quad);
  };

  const save = async () => {
    if (!photo || !placed) return;
    setSaving(msg`Preparing your picture…`);
    try {
      const img = new Image();
      img.src = photo.url;
      await img.decode();
      const fit = Math.min(1, 2400 / Math.max(photo.width, photo.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(photo.width * fit);
      canvas.height = Math.round(photo.height * fit);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      // The flat frame at about the resolution it will have in the picture.
      const outPxPerMm = Math.max(
        0.2,
        Math.min(
          4,
          (Math.hypot(placed.corners[1].x - placed.corners[0].x, placed.corners[1].y - placed.corners[0].y) * fit) / placed.widthMm,
        ),
      );
      const flat = await drawFlatPiece(
        {
          photoUrl: piece.photo.url,
          photoWidth: piece.photo.width,
          photoHeight: piece.photo.height,
          crop: piece.crop,
          frame: piece.frame,
          widthIn: piece.widthIn,
          heightIn: piece.heightIn,
          borderIn: piece.borderIn,
          mouldingIn: piece.mouldingIn,
        },
        outPxPerMm * MM_PER_INCH,
      );
      const toOut = multiplyHomography(
        multiplyHomography(scaling(fit), placed.homography),
        scaling(placed.widthMm / flat.width, placed.heightMm / flat.height),
      );
      warpInto(ctx, flat, toOut, placed.corners.map((p) => ({ x: p.x * fit, y: p.y * fit })) as unknown as Quad);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      if (!blob) throw new Error('no picture');
      const file = new File([blob], 'framewala-on-my-wall.jpg', { type: 'image/jpeg' });
      const text = t`My photo framed, ${sizeText}, on our wall — what do you think?`;
      if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
        await navigator.share({ files: [file], title: t`On my wall`, text });
        setSaving(null);
        return;
      }
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = file.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      setSaving(msg`Saved to your downloads.`);
    } catch (e) {
      setSaving(e instanceof DOMException && e.name === 'AbortError' ? null : msg`We couldn’t make the picture. Please try again.`);
    }
  };

  return (
    <div>
      <div className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:p-5">
        <p className="text-sm text-ink-700">
          <Trans>
            Put an A4 sheet (or a ₹500 note) flat on your wall, or use a door, and take a photo facing the wall. Then make sure the four
            round handles sit on its corners. Your photo stays on this device: nothing is uploaded.
          </Trans>
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <label htmlFor={inputId} className={`${primaryButton} cursor-pointer`}>
            {photo ? <Trans>Choose another photo</Trans> : <Trans>Choose a photo of your wall</Trans>}
          </label>
          <input
            id={inputId}
            data-testid="wall-photo-input"
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <label className="flex items-center gap-2 text-sm text-ink-700">
            <Trans>Marked on the wall</Trans>
            <select
              value={ref}
              onChange={(e) => setRef(e.target.value as ReferenceId)}
              data-testid="wall-reference"
              className="rounded-lg border border-ink-200 bg-white px-2 py-1.5 text-sm"
            >
              {Object.values(REFERENCE_OBJECTS).map((r) => (
                <option key={r.id} value={r.id}>
                  {i18n._(REFERENCE_LABELS[r.id])}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-saffron-800">
            {i18n._(error)}
          </p>
        ) : null}
      </div>

      {photo && corners ? (
        <>
          <div
            ref={stageRef}
            data-testid="own-wall-stage"
            data-scale={scale}
            className="relative mx-auto mt-4 w-full touch-none overflow-hidden rounded-2xl bg-ink-900 select-none"
            style={{ aspectRatio: `${photo.width} / ${photo.height}`, maxWidth: `calc(75vh * ${photo.width / photo.height})` }}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
          >
            <img src={photo.url} alt={t`Your wall`} className="absolute inset-0 h-full w-full" draggable={false} />
            {display && placed ? (
              <div
                data-testid="own-wall-frame"
                data-width-mm={placed.widthMm}
                className="absolute top-0 left-0 cursor-grab touch-none active:cursor-grabbing"
                style={{ transform: cssMatrix3d(display), transformOrigin: '0 0' }}
                onPointerDown={startFrame}
                role="img"
                aria-label={t`Your framed photo on your wall, ${sizeText}. Drag it to move it.`}
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
                  pxPerIn={MM_PER_INCH * LOCAL_PX_PER_MM}
                  shadow="6px 14px 24px -8px rgba(20 14 8 / 0.55)"
                />
              </div>
            ) : null}
            {scale > 0 ? (
              <svg className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
                <polygon
                  points={corners.map((c) => `${c.x * scale},${c.y * scale}`).join(' ')}
                  fill="rgba(236,116,36,0.12)"
                  stroke="#ec7424"
                  strokeWidth="2"
                  strokeDasharray="6 4"
                />
              </svg>
            ) : null}
            {scale > 0
              ? corners.map((c, i) => (
                  <button
                    key={CORNER_NAMES[i]}
                    type="button"
                    data-testid={`corner-${i}`}
                    aria-label={i18n._(MOVE_CORNER[i]!)}
                    className="absolute z-10 flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full"
                    style={{ left: c.x * scale, top: c.y * scale }}
                    onPointerDown={startCorner(i)}
                    onKeyDown={nudgeCorner(i)}
                  >
                    <span className="h-5 w-5 rounded-full border-[3px] border-white bg-saffron-600 shadow-[0_1px_4px_rgba(0,0,0,0.5)]" />
                  </button>
                ))
              : null}
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-600">
              <span className="font-semibold text-ink-800">
                <Trans>Outer size</Trans>
              </span>{' '}
              <span className="tabular-nums">{sizeText}</span>
              {wall ? (
                <span data-testid="corner-hint" className="block text-ink-500">
                  {found ? (
                    <Trans>We found a sheet and put the handles on its corners: check them, and drag any that are off.</Trans>
                  ) : (
                    <Trans>Drag the four handles onto its corners.</Trans>
                  )}
                </span>
              ) : (
                <span className="block text-saffron-800">
                  <Trans>Put the four handles on the four corners, in order around it.</Trans>
                </span>
              )}
            </p>
            <div className="flex items-center gap-3">
              {saving ? (
                <span role="status" className="text-sm text-ink-600">
                  {i18n._(saving)}
                </span>
              ) : null}
              <button type="button" className={secondaryButton} disabled={!placed} onClick={() => void save()}>
                <Trans>Save or share the picture</Trans>
              </button>
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}
