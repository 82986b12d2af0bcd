/** The customer's own order (`GET /api/orders/:id` 🔒, id = the order number), read leniently but checked. */
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { authedApi } from '../../lib/auth-request';

const str = z.string().nullish();
const num = z.number().nullish();

/** An order's delivery address as the server shows it (the snapshot taken when the order was placed). */
export const deliveryAddressSchema = z
  .object({
    fullName: str,
    phone: str,
    altPhone: str,
    email: str,
    addressLine1: str,
    addressLine2: str,
    city: str,
    state: str,
    country: str,
    postalCode: str,
    companyName: str,
  })
  .loose()
  .nullish();

export const customerOrderSchema = z
  .object({
    _id: z.string().min(1),
    createdAt: z.string(),
    status: z.string(),
    totalPaise: z.number().int(),
    /** Included in totalPaise; absent from older answers. */
    shippingPaise: z.number().int().nullish(),
    quantity: num,
    frameName: str,
    sizeName: str,
    thumbnailUrl: str,
    trackingNumber: str,
    carrier: str,
    payment: z.object({ providerOrderId: str, paymentId: str, failureReason: str, failureCode: str }).loose().nullish(),
    line: z
      .object({
        sizeName: str,
        widthIn: num,
        heightIn: num,
        frameSetName: str,
        finishName: str,
        mouldingIn: num,
        borderName: str,
        borderIn: num,
        fspPaise: num,
        wbpPaise: num,
        unitPaise: num,
        checkoutPaise: num,
      })
      .loose()
      .nullish(),
    address: deliveryAddressSchema,
    history: z.array(z.object({ status: z.string(), at: z.string(), actor: str }).loose()).default([]),
  })
  .loose();
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export async function fetchCustomerOrder(orderNumber: string): Promise<CustomerOrder> {
  const body = await authedApi.get<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}`);
  const parsed = z.object({ order: customerOrderSchema }).safeParse(body);
  if (!parsed.success) throw new ApiError({ status: 200, code: 'BAD_RESPONSE', message: 'The shop gave an answer we did not understand.' });
  return parsed.data.order;
}
