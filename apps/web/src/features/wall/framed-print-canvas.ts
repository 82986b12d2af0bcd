/**
 * The framed piece drawn on a canvas (for a picture the customer saves): photo, white border, four mitred corners and
 * four strips tiled a whole number of times — the same drawing as the CSS one — then warped into a photo through a
 * homography by inverse mapping each pixel of the target quad.
 */
import {
  applyHomography,
  FRAME_PARTS,
  invertHomography,
  roundStripTiling,
  type CropRect,
  type Frame,
  type FramePart as FramePartName,
  type Homography,
  type Quad,
} from '@framewala/domain';

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`Could not load ${url}`));
    img.src = url;
  });
}

export type FlatPiece = {
  photoUrl: string;
  /** The original's pixel size, which `crop` is given in (the image at `photoUrl` may be a smaller rendition). */
  photoWidth: number;
  photoHeight: number;
  crop: CropRect;
  frame: Frame | null;
  widthIn: number;
  heightIn: number;
  borderIn: number;
  mouldingIn: number;
};

/** The framed piece, flat, at `pxPerIn`. */
export async function drawFlatPiece(piece: FlatPiece, pxPerIn: number): Promise<HTMLCanvasElement> {
  const outerW = Math.max(1, Math.round((piece.widthIn + 2 * piece.borderIn + 2 * piece.mouldingIn) * pxPerIn));
  const outerH = Math.max(1, Math.round((piece.heightIn + 2 * piece.borderIn + 2 * piece.mouldingIn) * pxPerIn));
  const T = piece.mouldingIn * pxPerIn;
  const m = piece.borderIn * pxPerIn;
  const canvas = document.createElement('canvas');
  canvas.width = outerW;
  canvas.height = outerH;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw pictures.');
  const [photo, ...parts] = await Promise.all([
    loadImage(piece.photoUrl),
    ...(piece.frame && T > 0 ? FRAME_PARTS.map((p) => loadImage(piece.frame![p])) : []),
  ]);
  ctx.fillStyle = '#f8f6f1';
  ctx.fillRect(0, 0, outerW, outerH);
  const kx = photo!.naturalWidth / piece.photoWidth;
  const ky = photo!.naturalHeight / piece.photoHeight;
  const c = { x: piece.crop.x * kx, y: piece.crop.y * ky, width: piece.crop.width * kx, height: piece.crop.height * ky };
  ctx.drawImage(photo!, c.x, c.y, c.width, c.height, T + m, T + m, outerW - 2 * (T + m), outerH - 2 * (T + m));
  if (T > 0 && parts.length === FRAME_PARTS.length) {
    const img = Object.fromEntries(FRAME_PARTS.map((p, i) => [p, parts[i]!])) as Record<FramePartName, HTMLImageElement>;
    const strip = (im: HTMLImageElement, x: number, y: number, w: number, h: number, horizontal: boolean) => {
      const natLen = horizontal ? im.naturalWidth : im.naturalHeight;
      const natT = horizontal ? im.naturalHeight : im.naturalWidth;
      const span = horizontal ? w : h;
      const { count, tileLength } = roundStripTiling(span, natT > 0 ? (natLen * T) / natT : span);
      for (let i = 0; i < count; i++) {
        if (horizontal) ctx.drawImage(im, x + i * tileLength, y, tileLength, h);
        else ctx.drawImage(im, x, y + i * tileLength, w, tileLength);
      }
    };
    strip(img.sideUp, T, 0, outerW - 2 * T, T, true);
    strip(img.sideDown, T, outerH - T, outerW - 2 * T, T, true);
    strip(img.sideLeft, 0, T, T, outerH - 2 * T, false);
    strip(img.sideRight, outerW - T, T, T, outerH - 2 * T, false);
    ctx.drawImage(img.topLeft, 0, 0, T, T);
    ctx.drawImage(img.topRight, outerW - T, 0, T, T);
    ctx.drawImage(img.bottomLeft, 0, outerH - T, T, T);
    ctx.drawImage(img.bottomRight, outerW - T, outerH - T, T, T);
  } else if (T > 0) {
    ctx.strokeStyle = '#6b4a2f';
    ctx.lineWidth = T;
    ctx.strokeRect(T / 2, T / 2, outerW - T, outerH - T);
  }
  return canvas;
}

/**
 * Draws `flat` into `target` through `h` (flat pixels → target pixels): every target pixel inside the quad's bounding
 * box is mapped back into the flat picture and takes the nearest of its pixels there.
 */
export function warpInto(target: CanvasRenderingContext2D, flat: HTMLCanvasElement, h: Homography, quad: Quad): void {
  const W = target.canvas.width;
  const H = target.canvas.height;
  const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))));
  const x1 = Math.min(W, Math.ceil(Math.max(...quad.map((p) => p.x))));
  const y1 = Math.min(H, Math.ceil(Math.max(...quad.map((p) => p.y))));
  if (x1 <= x0 || y1 <= y0) return;
  const src = flat.getContext('2d')!.getImageData(0, 0, flat.width, flat.height).data;
  const out = target.getImageData(x0, y0, x1 - x0, y1 - y0);
  const inv = invertHomography(h);
  const fw = flat.width;
  const fh = flat.height;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = applyHomography(inv, { x: x + 0.5, y: y + 0.5 });
      const sx = Math.floor(p.x);
      const sy = Math.floor(p.y);
      if (sx < 0 || sy < 0 || sx >= fw || sy >= fh) continue;
      const s = (sy * fw + sx) * 4;
      const d = ((y - y0) * (x1 - x0) + (x - x0)) * 4;
      out.data[d] = src[s]!;
      out.data[d + 1] = src[s + 1]!;
      out.data[d + 2] = src[s + 2]!;
      out.data[d + 3] = 255;
    }
  }
  target.putImageData(out, x0, y0);
}
