/**
 * An order's lines as the API answers them, built once for every reader: the customer's order list and page
 * (services/orders/read.ts) and the owner's console list and page (services/admin/orders.ts) each pick their fields
 * from {@link orderLinesOut}. Top-level fields that name one photo (`line`, `photo`, `frameName`, `sizeName`,
 * `thumbnailUrl`…) are the first line's; `quantity` is the pieces of every line together.
 */
import { inArray } from 'drizzle-orm';
import { ShopError, type AdminOrderPhoto } from '@framewala/domain';
import type { AppContext } from '../../context';
import { uploads, type OrderLine, type OrderLineSnapshot, type OrderRow } from '../../db/schema';
import { mediaUrl } from '../media-access';

/** A snapshot as the contract sends it: an order placed before the shop kept Hindi names has them null. */
export function lineSnapshotOut(
  line: OrderLineSnapshot,
): OrderLineSnapshot & Record<'frameSetNameHi' | 'finishNameHi' | 'borderNameHi', string | null> {
  return {
    ...line,
    frameSetNameHi: line.frameSetNameHi ?? null,
    finishNameHi: line.finishNameHi ?? null,
    borderNameHi: line.borderNameHi ?? null,
  };
}

/** 'Matte Black (Classic)': a line's finish and its set. */
export const frameNameOf = (line: Pick<OrderLineSnapshot, 'finishName' | 'frameSetName'>) => `${line.finishName} (${line.frameSetName})`;

/**
 * 'वॉलनट (क्लासिक)': the line's frame as `frameName` writes it, in Hindi where the order recorded Hindi names (a name
 * without one stays English); null when it recorded none.
 */
export function frameNameHiOf(line: OrderLineSnapshot): string | null {
  if (!line.finishNameHi && !line.frameSetNameHi) return null;
  return `${line.finishNameHi || line.finishName} (${line.frameSetNameHi || line.frameSetName})`;
}

/** The pieces of every line of an order together. */
export const piecesOf = (order: Pick<OrderRow, 'lines'>) => order.lines.reduce((sum, l) => sum + l.quantity, 0);

/** Line `lineIndex` of an order (0 for the first); 404 NOT_FOUND `{field: 'line'}` when the order has no such line. */
export function orderLineAt(order: Pick<OrderRow, 'lines'>, lineIndex: number): OrderLine {
  const line = order.lines[lineIndex];
  if (!line) throw new ShopError('NOT_FOUND', `This order has no line ${lineIndex + 1}.`, { field: 'line' });
  return line;
}

/** The first line: every order has one. */
export const firstLineOf = (order: Pick<OrderRow, 'lines'>): OrderLine => order.lines[0]!;

/** What the readers need of a line's upload. */
const UPLOAD_COLUMNS = {
  id: uploads.id,
  deletedAt: uploads.deletedAt,
  thumbnailKey: uploads.thumbnailKey,
  renditionKey: uploads.renditionKey,
  width: uploads.width,
  height: uploads.height,
  parentId: uploads.parentId,
  cropX: uploads.cropX,
  cropY: uploads.cropY,
  cropWidth: uploads.cropWidth,
  cropHeight: uploads.cropHeight,
  originalWidth: uploads.originalWidth,
  originalHeight: uploads.originalHeight,
};
const selectUploads = (ctx: AppContext, ids: string[]) =>
  ctx.database.db.select(UPLOAD_COLUMNS).from(uploads).where(inArray(uploads.id, ids));
type LineUpload = Awaited<ReturnType<typeof selectUploads>>[number];

/** The uploads of every line of these orders, by id, in one query. */
export async function lineUploadsOf(ctx: AppContext, orders: readonly Pick<OrderRow, 'lines'>[]): Promise<Map<string, LineUpload>> {
  const ids = [...new Set(orders.flatMap((o) => o.lines.flatMap((l) => (l.uploadId ? [l.uploadId] : []))))];
  if (ids.length === 0) return new Map();
  return new Map((await selectUploads(ctx, ids)).map((row) => [row.id, row]));
}

/** One line of an order with everything any reader shows of it. */
export interface LineOut {
  /** 0 for the first line. */
  index: number;
  uploadId: string | null;
  quantity: number;
  line: ReturnType<typeof lineSnapshotOut>;
  /** The photo's small image; null once the photo is deleted. */
  thumbnailUrl: string | null;
  /** The photo the line frames, as the console shows it; null once it is deleted. */
  photo: AdminOrderPhoto;
}

function photoOf(ctx: AppContext, upload: LineUpload): NonNullable<AdminOrderPhoto> {
  const { cropX: x, cropY: y, cropWidth: width, cropHeight: height } = upload;
  return {
    uploadId: upload.id,
    thumbnailUrl: upload.thumbnailKey ? mediaUrl(ctx, upload.thumbnailKey) : null,
    url: upload.renditionKey ? mediaUrl(ctx, upload.renditionKey) : null,
    width: upload.width,
    height: upload.height,
    crop: upload.parentId && x !== null && y !== null && width !== null && height !== null ? { x, y, width, height } : null,
    originalWidth: upload.originalWidth,
    originalHeight: upload.originalHeight,
  };
}

/** Every line of an order, in order, with its photo from `uploadsById` ({@link lineUploadsOf}). */
export function orderLinesOut(ctx: AppContext, order: Pick<OrderRow, 'lines'>, uploadsById: ReadonlyMap<string, LineUpload>): LineOut[] {
  return order.lines.map((l, index) => {
    const found = l.uploadId ? uploadsById.get(l.uploadId) : undefined;
    const upload = found && !found.deletedAt ? found : null;
    return {
      index,
      uploadId: l.uploadId,
      quantity: l.quantity,
      line: lineSnapshotOut(l.line),
      thumbnailUrl: upload?.thumbnailKey ? mediaUrl(ctx, upload.thumbnailKey) : null,
      photo: upload ? photoOf(ctx, upload) : null,
    };
  });
}
