import { and, eq, sql } from 'drizzle-orm';
import {
  customSizeName,
  isValidQuantity,
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
import {
  frameFinishes,
  frameSets,
  idempotencyKeys,
  orders,
  orderStatusHistory,
  presetSizes,
  uploads,
  whiteBorders,
  type OrderLineSnapshot,
} from '../../db/schema';
import { findAddress } from '../addresses';
import { paymentProviderFor } from '../payments/provider';
import { newOrderNumber } from './numbers';

export interface CreateOrderInput {
  amount: number;
  uploadId: string;
  sizeId: string | null;
  customWidth?: number | undefined;
  customHeight?: number | undefined;
  selectedFrame: string;
  selectedMotifBorder: number;
  quantity: number;
}

export interface CreatedOrder {
  id: string;
  amount: number;
  currency: 'INR';
  orderId: string;
}

/** Re-reads and checks everything the draft names; prices it with the domain. Throws a 4xx ShopError on any problem. */
export async function priceDraft(ctx: AppContext, userId: string, input: CreateOrderInput) {
  const { db } = ctx.database;
  const portrait = Boolean(input.sizeId?.endsWith(PORTRAIT_ID_SUFFIX));
  const canonicalId = input.sizeId ? (portrait ? input.sizeId.slice(0, -PORTRAIT_ID_SUFFIX.length) : input.sizeId) : null;
  // Independent reads, at once.
  const [[upload], sizeRows, [frame], [border]] = await Promise.all([
    db.select().from(uploads).where(eq(uploads.id, input.uploadId)).limit(1),
    canonicalId
      ? db
          .select()
          .from(presetSizes)
          .where(and(eq(presetSizes.id, canonicalId), eq(presetSizes.active, true)))
          .limit(1)
      : Promise.resolve([]),
    db
      .select({ finish: frameFinishes, set: frameSets })
      .from(frameFinishes)
      .innerJoin(frameSets, eq(frameFinishes.setId, frameSets.id))
      .where(and(eq(frameFinishes.id, input.selectedFrame), eq(frameFinishes.active, true), eq(frameSets.active, true)))
      .limit(1),
    db
      .select()
      .from(whiteBorders)
      .where(sql`abs(${whiteBorders.sizeIn} - ${input.selectedMotifBorder}) < 0.001`)
      .limit(1),
  ]);
  if (!upload || upload.ownerUserId !== userId || upload.deletedAt) {
    throw new ShopError('NOT_FOUND', 'We could not find this photo in your account. Please upload it again.', { field: 'uploadId' });
  }
  if (upload.expiresAt.getTime() <= Date.now()) {
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

  if (!isValidQuantity(input.quantity)) {
    throw new ShopError('RULE_BROKEN', `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`, { field: 'quantity' });
  }

  let size: { id: string | null; sizeName: string; widthIn: number; heightIn: number; custom: boolean };
  if (input.sizeId) {
    const [row] = sizeRows;
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
    const check = validateCustomSize(input.customWidth, input.customHeight);
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
    frameRatePaisePerSqIn: frame.set.ratePaisePerSqIn,
    borderPricePaise: border.pricePaise,
    quantity: input.quantity,
  });

  const line: OrderLineSnapshot = {
    sizeId: size.id,
    sizeName: size.sizeName,
    widthIn: size.widthIn,
    heightIn: size.heightIn,
    custom: size.custom,
    frameSetId: frame.set.id,
    frameSetName: frame.set.name,
    finishId: frame.finish.id,
    finishName: frame.finish.name,
    mouldingIn: frame.set.mouldingIn,
    frameRatePaisePerSqIn: frame.set.ratePaisePerSqIn,
    borderId: border.id,
    borderName: border.name,
    borderIn: border.sizeIn,
    borderPricePaise: border.pricePaise,
    fspPaise: price.fspPaise,
    wbpPaise: price.wbpPaise,
    unitPaise: price.unitPaise,
    checkoutPaise: price.checkoutPaise,
    imageType: upload.imageType as ImageType,
  };
  return { line, amountPaise: price.amountPaise, upload };
}

/**
 * POST /api/create-order. One transaction per (user, Idempotency-Key), serialised by an advisory lock: a second
 * request with the same key waits for the first and answers with the same order (`replayed`).
 */
export async function createOrder(
  ctx: AppContext,
  userId: string,
  input: CreateOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ order: CreatedOrder; replayed: boolean }> {
  const { db } = ctx.database;
  const provider = paymentProviderFor(ctx.config);

  const replay = async (q: Pick<typeof db, 'select'>): Promise<{ order: CreatedOrder; replayed: boolean } | null> => {
    if (!idempotencyKey) return null;
    const [existing] = await q
      .select({ order: orders })
      .from(idempotencyKeys)
      .innerJoin(orders, eq(idempotencyKeys.orderId, orders.id))
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)))
      .limit(1);
    if (!existing) return null;
    const o = existing.order;
    return { order: { id: o.providerOrderId, amount: o.amountPaise, currency: 'INR' as const, orderId: o.id }, replayed: true };
  };

  // Checks and prices first, outside the transaction (one pooled connection at a time).
  const [earlier, priced, address] = await Promise.all([
    replay(db),
    priceDraft(ctx, userId, input).catch((err: unknown) => err as Error),
    findAddress(ctx.database, userId),
  ]);
  if (earlier) return earlier;
  if (priced instanceof Error) throw priced;
  const { line, amountPaise, upload } = priced;
  if (input.amount !== amountPaise) {
    throw new ShopError('PRICE_MISMATCH', undefined, { amount: amountPaise });
  }
  if (!address) throw new ShopError('RULE_BROKEN', 'Please add a delivery address before paying.', { field: 'address' });

  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`idem:${userId}:${idempotencyKey}`}))`);
      const concurrent = await replay(tx);
      if (concurrent) return concurrent;
    }

    const orderNumber = newOrderNumber();
    const providerOrder = await provider.createOrder({
      amountPaise,
      receipt: orderNumber,
      notes: { orderNumber, size: line.sizeName, frame: `${line.finishName} (${line.frameSetName})`, quantity: String(input.quantity) },
    });
    if (providerOrder.amount !== amountPaise) throw new ShopError('PAYMENT_PROVIDER_ERROR');

    const now = new Date();
    await tx.insert(orders).values({
      id: orderNumber,
      userId,
      status: 'created',
      provider: provider.name,
      providerOrderId: providerOrder.id,
      amountPaise,
      currency: 'INR',
      quantity: input.quantity,
      uploadId: upload.id,
      line,
      address: {
        fullName: address.fullName,
        phone: address.phone,
        altPhone: address.altPhone,
        email: address.email,
        addressLine1: address.addressLine1,
        addressLine2: address.addressLine2,
        city: address.city,
        state: address.state,
        country: address.country,
        postalCode: address.postalCode,
        companyName: address.companyName,
      },
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderStatusHistory).values({ orderId: orderNumber, fromStatus: null, toStatus: 'created', actor: 'customer', at: now });
    if (idempotencyKey) await tx.insert(idempotencyKeys).values({ userId, key: idempotencyKey, orderId: orderNumber });
    return { order: { id: providerOrder.id, amount: amountPaise, currency: 'INR' as const, orderId: orderNumber }, replayed: false };
  });
}
