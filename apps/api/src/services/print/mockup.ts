/**
 * The framed mock-up of an order for the owner's console (docs/decisions/024-server-mockup.md): a JPEG drawn with
 * sharp from the same domain geometry as the browser preview (mockupLayout: previewLayout's one scale, whole pixels,
 * outer = photo + 2 × mat + 2 × moulding), the order's finish's eight images placed the way the preview places them
 * (corners stretched to T × T, side strips scaled to thickness T and repeated a whole number of times along each
 * side, as `roundStripTiling` says), the mat in the preview's colour, and the photo from the crop's rendition.
 * Stored once per input (the key hashes everything drawn), so a second view is a file read.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { mockupLayout, printCut, roundStripTiling, ShopError, type MockupLayout } from '@framewala/domain';
import type { AppContext } from '../../context';
import { frameFinishes, orders, uploads, type FrameImageKeys } from '../../db/schema';
import { orderLineAt } from '../orders/line-output';

sharp.cache(false);

/** Bump when the drawing changes: it is part of the cache key. */
export const MOCKUP_VERSION = 'm1';
/** The mock-up fits in this box. */
export const MOCKUP_BOX_PX = 1600;
/** The browser preview's mat colour (apps/web/src/features/editor/frame-preview.tsx). */
const MAT = { r: 0xf8, g: 0xf6, b: 0xf1 };
const NO_PHOTO = { r: 0xd9, g: 0xd4, b: 0xcc };
const PLAIN_MOULDING = { r: 0x4a, g: 0x36, b: 0x28 };

type Part = keyof FrameImageKeys;
const SIDES: Part[] = ['sideUp', 'sideDown', 'sideLeft', 'sideRight'];
const CORNERS: Part[] = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readStored(ctx: AppContext, key: string | null | undefined): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await readAll(await ctx.storage.read(key));
  } catch {
    return null;
  }
}

export interface MockupInputs {
  widthIn: number;
  heightIn: number;
  borderIn: number;
  mouldingIn: number;
  /** The crop's display rendition (the region the print is made from) and its pixel size; null when it is gone. */
  photo: Buffer | null;
  /** The finish's eight images; null draws a plain moulding (the finish's images are gone). */
  frame: Record<Part, Buffer> | null;
  boxPx?: number;
}

/** A side strip: `count` repeats of the image at thickness T, squeezed or stretched to exactly `span`. */
async function strip(image: Buffer, horizontal: boolean, T: number, span: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const natLength = (horizontal ? meta.width : meta.height) ?? 1;
  const natThickness = (horizontal ? meta.height : meta.width) ?? 1;
  const repeat = (natLength * T) / natThickness;
  const { count } = roundStripTiling(span, repeat > 0 ? repeat : Math.max(1, span));
  const repeated = await sharp(image)
    .extend(
      horizontal ? { right: natLength * (count - 1), extendWith: 'repeat' } : { bottom: natLength * (count - 1), extendWith: 'repeat' },
    )
    .png()
    .toBuffer();
  return sharp(repeated)
    .resize(horizontal ? span : T, horizontal ? T : span, { fit: 'fill' })
    .png()
    .toBuffer();
}

/** Draws the mock-up; returns the JPEG and the layout it followed. */
export async function renderMockup(input: MockupInputs): Promise<{ jpeg: Buffer; layout: MockupLayout }> {
  const box = input.boxPx ?? MOCKUP_BOX_PX;
  const layout = mockupLayout({
    widthIn: input.widthIn,
    heightIn: input.heightIn,
    borderIn: input.borderIn,
    mouldingIn: input.mouldingIn,
    maxWidthPx: box,
    maxHeightPx: box,
  });
  const { outerWidthPx: W, outerHeightPx: H, mouldingPx: T, borderPx: m, photoWidthPx: pw, photoHeightPx: ph } = layout;
  const layers: sharp.OverlayOptions[] = [];

  // The photo: the same part the print is cut from (the whole rendition unless its aspect is off by more than 1 %).
  let photo: Buffer;
  if (input.photo) {
    const meta = await sharp(input.photo).metadata();
    const { cut } = printCut({ left: 0, top: 0, width: meta.width ?? 1, height: meta.height ?? 1 }, input.widthIn, input.heightIn);
    photo = await sharp(input.photo).extract(cut).resize(pw, ph, { fit: 'fill' }).removeAlpha().png().toBuffer();
  } else {
    photo = await sharp({ create: { width: pw, height: ph, channels: 3, background: NO_PHOTO } })
      .png()
      .toBuffer();
  }
  layers.push({ input: photo, left: T + m, top: T + m });

  if (T > 0) {
    const spanX = W - 2 * T;
    const spanY = H - 2 * T;
    if (input.frame) {
      const frame = input.frame;
      const [up, down, left, right] = await Promise.all(SIDES.map((part, i) => strip(frame[part], i < 2, T, i < 2 ? spanX : spanY)));
      const corners = await Promise.all(CORNERS.map((part) => sharp(frame[part]).resize(T, T, { fit: 'fill' }).png().toBuffer()));
      layers.push(
        { input: up!, left: T, top: 0 },
        { input: down!, left: T, top: H - T },
        { input: left!, left: 0, top: T },
        { input: right!, left: W - T, top: T },
        { input: corners[0]!, left: 0, top: 0 },
        { input: corners[1]!, left: W - T, top: 0 },
        { input: corners[2]!, left: 0, top: H - T },
        { input: corners[3]!, left: W - T, top: H - T },
      );
    } else {
      const band = (w: number, h: number) =>
        sharp({ create: { width: w, height: h, channels: 3, background: PLAIN_MOULDING } })
          .png()
          .toBuffer();
      layers.push(
        { input: await band(W, T), left: 0, top: 0 },
        { input: await band(W, T), left: 0, top: H - T },
        { input: await band(T, H), left: 0, top: 0 },
        { input: await band(T, H), left: W - T, top: 0 },
      );
    }
  }
  const jpeg = await sharp({ create: { width: W, height: H, channels: 3, background: MAT } })
    .composite(layers)
    .flatten({ background: MAT })
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { jpeg, layout };
}

/**
 * The mock-up of one line of an order (`lineIndex` 0 for the first): the stored one when everything it shows is
 * unchanged, else drawn now and stored. Returns the storage key. 404 for an unknown order or line.
 */
export async function orderMockup(ctx: AppContext, orderId: string, lineIndex = 0): Promise<{ key: string; bytes: number }> {
  const db = ctx.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ShopError('NOT_FOUND', 'There is no such order.');
  const { uploadId, line } = orderLineAt(order, lineIndex);
  const [upload] = uploadId ? await db.select().from(uploads).where(eq(uploads.id, uploadId)) : [];
  const [finish] = await db.select().from(frameFinishes).where(eq(frameFinishes.id, line.finishId));
  const renditionKey = upload && !upload.deletedAt ? upload.renditionKey : null;
  const { widthIn, heightIn, borderIn, mouldingIn } = line;
  const hash = createHash('sha256')
    .update(JSON.stringify([MOCKUP_VERSION, MOCKUP_BOX_PX, widthIn, heightIn, borderIn, mouldingIn, renditionKey, finish?.images ?? null]))
    .digest('hex')
    .slice(0, 24);
  const key = `print-files/${orderId.toLowerCase()}/mockup-${hash}.jpg`;
  if (await ctx.storage.exists(key)) return { key, bytes: -1 };

  const photo = await readStored(ctx, renditionKey);
  let frame: Record<Part, Buffer> | null = null;
  if (finish) {
    const parts = await Promise.all(
      [...SIDES, ...CORNERS].map(async (part) => [part, await readStored(ctx, finish.images[part])] as const),
    );
    if (parts.every(([, buffer]) => buffer)) frame = Object.fromEntries(parts) as Record<Part, Buffer>;
  }
  const { jpeg } = await renderMockup({ widthIn, heightIn, borderIn, mouldingIn, photo, frame });
  await ctx.storage.put(key, jpeg, 'image/jpeg');
  return { key, bytes: jpeg.length };
}
