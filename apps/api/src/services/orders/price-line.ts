import {
  customSizeName,
  isValidQuantity,
  longestOuterSide,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orientSize,
  PORTRAIT_ID_SUFFIX,
  priceOrder,
  ShopError,
  validateCustomSize,
  type ImageType,
  type SizeFormat,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import type { OrderAddressSnapshot, OrderLineSnapshot } from '../../db/schema';
import { priceShipping } from '../shipping';

/** A framed photo as the customer chose it: a create-order body for one photo, or a cart line. Ids and inches only. */
export interface LineChoice {
  uploadId: string;
  /** A preset size id (with its portrait suffix), or null for a custom size. */
  sizeId: string | null;
  customWidth?: number | undefined;
  customHeight?: number | undefined;
  /** The finish id. */
  selectedFrame: string;
  /** The white border in inches. */
  selectedMotifBorder: number;
  quantity: number;
}

/** What the database says now of a line's choices; null where a row is missing (or not on sale). */
export interface LineRows {
  upload: { id: string; ownerUserId: string | null; deleted: boolean; expired: boolean; status: string; imageType: string } | null;
  size: { id: string; format: string; widthIn: number; heightIn: number; sort: number; label: string | null } | null;
  frame: {
    finishId: string;
    finishName: string;
    finishNameHi: string | null;
    setId: string;
    setName: string;
    setNameHi: string | null;
    mouldingIn: number;
    ratePaisePerSqIn: number;
  } | null;
  border: { id: string; name: string; nameHi: string | null; sizeIn: number; pricePaise: number } | null;
}

/** The json of {@link LineRows}' `upload` from a row of uploads named `alias`. */
export const uploadJsonSql = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'ownerUserId', ${alias}.owner_user_id, 'deleted', ${alias}.deleted_at IS NOT NULL,
       'expired', ${alias}.expires_at <= now(), 'status', ${alias}.status, 'imageType', ${alias}.image_type)`;

/**
 * The SQL that reads a line's rows (see {@link LineRows}) as four json columns `upload`, `size`, `frame` and
 * `border`: `upload` is an expression of the upload's json (see {@link uploadJsonSql}), the others the SQL
 * expressions of the canonical size id (without the portrait suffix), the finish id and the border inches.
 * Create-order (one photo, from its parameters) and the cart (every line, from cart_lines) read their lines with it.
 */
export function lineRowsSql(from: { upload: string; sizeId: string; finishId: string; borderIn: string }): string {
  return `${from.upload} AS upload,
  (SELECT json_build_object('id', s.id, 'format', s.format, 'widthIn', s.width_in, 'heightIn', s.height_in, 'sort', s.sort, 'label', s.label)
     FROM preset_sizes s WHERE s.active AND s.id = ${from.sizeId}) AS size,
  (SELECT json_build_object('finishId', f.id, 'finishName', f.name, 'finishNameHi', f.name_hi, 'setId', fs.id, 'setName', fs.name, 'setNameHi', fs.name_hi,
          'mouldingIn', fs.moulding_in, 'ratePaisePerSqIn', fs.rate_paise_per_sq_in)
     FROM frame_finishes f JOIN frame_sets fs ON fs.id = f.set_id WHERE f.id = ${from.finishId} AND f.active AND fs.active) AS frame,
  (SELECT json_build_object('id', b.id, 'name', b.name, 'nameHi', b.name_hi, 'sizeIn', b.size_in, 'pricePaise', b.price_paise)
     FROM white_borders b WHERE abs(b.size_in - ${from.borderIn}) < 0.001 ORDER BY b.level LIMIT 1) AS border`;
}

/** A size id as the catalogue stores it: a portrait choice names the landscape size with a suffix. */
export function canonicalSizeId(sizeId: string | null): string | null {
  if (!sizeId) return null;
  return sizeId.endsWith(PORTRAIT_ID_SUFFIX) ? sizeId.slice(0, -PORTRAIT_ID_SUFFIX.length) : sizeId;
}

/**
 * The one pricing of a framed photo: checks the line's rows (the photo is the customer's, not expired and ready; the
 * quantity; the size, finish and border on sale) and prices it with the domain, into the snapshot an order keeps.
 * Throws a 4xx ShopError naming the `field` at fault; create-order answers with it, the cart marks the line with it.
 */
export function priceLine(userId: string, choice: LineChoice, rows: LineRows): OrderLineSnapshot {
  const portrait = Boolean(choice.sizeId?.endsWith(PORTRAIT_ID_SUFFIX));
  const { upload, size: sizeRow, frame, border } = rows;
  if (!upload || upload.ownerUserId !== userId || upload.deleted) {
    throw new ShopError('NOT_FOUND', 'We could not find this photo in your account. Please upload it again.', { field: 'uploadId' });
  }
  if (upload.expired) {
    throw new ShopError('RULE_BROKEN', 'This photo has expired (photos are kept 90 days). Please upload it again.', { field: 'uploadId' });
  }
  if (upload.status !== 'ready') {
    throw new ShopError(
      'RULE_BROKEN',
      'This photo is still being prepared (or could not be processed). Please wait a moment or upload it again.',
      {
        field: 'uploadId',
      },
    );
  }

  if (!isValidQuantity(choice.quantity)) {
    throw new ShopError('RULE_BROKEN', `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`, { field: 'quantity' });
  }

  let size: { id: string | null; sizeName: string; widthIn: number; heightIn: number; custom: boolean };
  if (choice.sizeId) {
    const row = sizeRow;
    if (!row || (portrait && row.widthIn === row.heightIn))
      throw new ShopError('RULE_BROKEN', 'This print size is not offered. Please choose another size.', { field: 'sizeId' });
    const oriented = orientSize(
      {
        id: row.id,
        format: row.format as SizeFormat,
        width: row.widthIn,
        height: row.heightIn,
        sort: row.sort,
        ...(row.label ? { label: row.label } : {}),
      },
      portrait ? 'portrait' : 'landscape',
    );
    size = { id: oriented.id, sizeName: oriented.sizeName, widthIn: oriented.width, heightIn: oriented.height, custom: false };
  } else {
    const check = validateCustomSize(choice.customWidth, choice.customHeight);
    if (!check.ok) {
      const message = [check.errors.width, check.errors.height].filter(Boolean).join(' ') || 'Please choose a print size.';
      throw new ShopError('RULE_BROKEN', message, { field: 'customSize' });
    }
    size = { id: null, sizeName: customSizeName(check.width, check.height), widthIn: check.width, heightIn: check.height, custom: true };
  }

  if (!frame)
    throw new ShopError('RULE_BROKEN', 'This frame is not offered any more. Please choose another frame.', { field: 'selectedFrame' });

  if (!border)
    throw new ShopError('RULE_BROKEN', 'This white border is not offered. Please choose another border.', { field: 'selectedMotifBorder' });

  const price = priceOrder({
    widthIn: size.widthIn,
    heightIn: size.heightIn,
    frameRatePaisePerSqIn: frame.ratePaisePerSqIn,
    borderPricePaise: border.pricePaise,
    quantity: choice.quantity,
  });

  return {
    sizeId: size.id,
    sizeName: size.sizeName,
    widthIn: size.widthIn,
    heightIn: size.heightIn,
    custom: size.custom,
    frameSetId: frame.setId,
    frameSetName: frame.setName,
    finishId: frame.finishId,
    finishName: frame.finishName,
    mouldingIn: frame.mouldingIn,
    frameRatePaisePerSqIn: frame.ratePaisePerSqIn,
    borderId: border.id,
    borderName: border.name,
    borderIn: border.sizeIn,
    borderPricePaise: border.pricePaise,
    // The names in Hindi as they are now, so the order reads in Hindi later whatever the catalogue becomes.
    frameSetNameHi: frame.setNameHi ?? null,
    finishNameHi: frame.finishNameHi ?? null,
    borderNameHi: border.nameHi ?? null,
    fspPaise: price.fspPaise,
    wbpPaise: price.wbpPaise,
    unitPaise: price.unitPaise,
    checkoutPaise: price.checkoutPaise,
    imageType: upload.imageType as ImageType,
  };
}

/**
 * Shipping for an order's lines to its delivery address (the directory's zone; a saved pincode the directory lacks
 * ships at the rest-of-India rate, as its quote said). The amount charged is the subtotal plus this.
 */
export function shipLines(
  ctx: AppContext,
  postalCode: OrderAddressSnapshot['postalCode'],
  subtotalPaise: number,
  lines: readonly Pick<OrderLineSnapshot, 'widthIn' | 'heightIn' | 'borderIn' | 'mouldingIn'>[],
) {
  const maxOuterInches = longestOuterSide(
    lines.map(({ widthIn, heightIn, borderIn, mouldingIn }) => ({ widthIn, heightIn, borderIn, mouldingIn })),
  );
  return priceShipping(ctx.database, postalCode, subtotalPaise, maxOuterInches);
}
