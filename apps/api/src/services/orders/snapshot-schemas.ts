import { z } from 'zod';
import type { OrderAddressSnapshot, OrderLineSnapshot } from '../../db/schema';

/** Response shapes of an order's snapshots (db/schema/orders.ts), shared by the customer's and the owner's order routes. */
export const orderLineSnapshotSchema = z.object({
  sizeId: z.string().nullable(),
  sizeName: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  custom: z.boolean(),
  frameSetId: z.string(),
  frameSetName: z.string(),
  finishId: z.string(),
  finishName: z.string(),
  mouldingIn: z.number(),
  frameRatePaisePerSqIn: z.number().int(),
  borderId: z.string(),
  borderName: z.string(),
  borderIn: z.number(),
  borderPricePaise: z.number().int(),
  fspPaise: z.number().int(),
  wbpPaise: z.number().int(),
  unitPaise: z.number().int(),
  checkoutPaise: z.number().int(),
  imageType: z.string(),
}) satisfies z.ZodType<OrderLineSnapshot>;

export const orderAddressSnapshotSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  altPhone: z.string(),
  email: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  companyName: z.string(),
}) satisfies z.ZodType<OrderAddressSnapshot>;
