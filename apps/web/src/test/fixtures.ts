/**
 * Answers of the shop's API as the server gives them, typed by the domain's contracts: a fixture that drifts from
 * the contract fails the type check, and the web client parses these with the very schemas the API serialises with.
 */
import {
  orderDetailSchema,
  type AdminOrder,
  type AdminOrderSummary,
  type OrderDetail,
  type OrderSummary,
  type PrintFileInfo,
} from '@framewala/domain';

const ADDRESS = {
  fullName: 'Asha Verma',
  phone: '+919876543210',
  altPhone: '',
  email: 'asha@example.com',
  addressLine1: '14, 2nd Cross, Residency Road',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  companyName: '',
  gstin: '',
};

const LINE = {
  sizeId: 'size-12x8',
  sizeName: '12x8',
  widthIn: 12,
  heightIn: 8,
  custom: false,
  frameSetId: 'set-classic',
  frameSetName: 'Classic',
  finishId: 'finish-walnut',
  finishName: 'Walnut',
  mouldingIn: 1,
  frameRatePaisePerSqIn: 450,
  borderId: 'border-slim',
  borderName: 'Slim',
  borderIn: 0.5,
  borderPricePaise: 150_00,
  frameSetNameHi: 'क्लासिक',
  finishNameHi: 'वॉलनट',
  borderNameHi: 'पतला',
  fspPaise: 1_700_00,
  wbpPaise: 150_00,
  unitPaise: 1_850_00,
  checkoutPaise: 1_850_00,
  imageType: 'Landscape',
};

/** One row of `GET /api/orders`. */
export const orderSummary = (over: Partial<OrderSummary> = {}): OrderSummary => ({
  _id: 'FW-2611-8K3D9Q',
  createdAt: '2026-11-20T09:30:00.000Z',
  status: 'shipped',
  totalPaise: 1_850_00,
  shippingPaise: 99_00,
  discountPaise: 0,
  invoice: null,
  quantity: 1,
  frameName: 'Walnut',
  frameNameHi: 'वॉलनट',
  sizeName: '12x8',
  thumbnailUrl: '/media/uploads/u1/thumb.webp',
  trackingNumber: 'EE123456789IN',
  carrier: 'India Post',
  lines: [{ ...orderDetailSchema.shape.line.parse(LINE), quantity: 1, thumbnailUrl: '/media/uploads/u1/thumb.webp' }],
  ...over,
});

/** The `order` of `GET /api/orders/:id`. */
export const orderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...orderSummary(),
  payment: { mode: 'now', providerOrderId: 'order_1', paymentId: 'pay_1', failureReason: null, failureCode: null },
  // The customer sees part of the line: the contract keeps those fields.
  line: orderDetailSchema.shape.line.parse(LINE),
  lines: [{ ...orderDetailSchema.shape.line.parse(LINE), quantity: 1, thumbnailUrl: '/media/uploads/u1/thumb.webp' }],
  address: ADDRESS,
  coupon: null,
  invoice: null,
  history: [
    { status: 'created', at: '2026-11-20T09:30:00.000Z', actor: 'customer' },
    { status: 'paid', at: '2026-11-20T09:31:00.000Z', actor: 'customer' },
    { status: 'in_production', at: '2026-11-21T04:00:00.000Z', actor: 'admin' },
    { status: 'shipped', at: '2026-11-22T06:15:00.000Z', actor: 'admin' },
  ],
  cancellableUntil: null,
  arrivesBy: null,
  // 18 % GST included in the frame (₹1,751) and the shipping (₹99), as the invoice rows take it out.
  gstPaise: 282_20,
  holdEndsAt: null,
  proof: null,
  ...over,
});

const HOUR = 3600_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

/** One row of `GET /api/admin/orders`. */
export const adminOrderSummary = (id: string, over: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  id,
  status: 'paid',
  createdAt: iso(26 * HOUR),
  statusChangedAt: iso(3 * HOUR),
  amountPaise: 1_850_00,
  quantity: 1,
  customer: { name: 'Asha Verma', email: 'asha@example.com', phone: '+919876543210' },
  sizeName: '12x8',
  finishName: 'Walnut',
  thumbnailUrl: `/media/uploads/${id}/thumb.webp`,
  paymentFlag: null,
  lines: [
    {
      quantity: 1,
      sizeName: '12x8',
      widthIn: 12,
      heightIn: 8,
      finishName: 'Walnut',
      borderIn: 0.5,
      thumbnailUrl: `/media/uploads/${id}/thumb.webp`,
    },
  ],
  holdEndsAt: null,
  ...over,
});

export const PRINT_READY: PrintFileInfo = {
  status: 'ready',
  format: 'tiff',
  widthPx: 3600,
  heightPx: 2400,
  ppi: 300,
  borderPx: 0,
  bytes: 25_920_000,
  downloadUrl: '/api/admin/orders/FW-2611-AAAAAA/print-file',
  source: {
    uploadId: 'up-original',
    width: 6000,
    height: 4000,
    region: { left: 0, top: 0, width: 6000, height: 4000 },
    profile: 'Adobe RGB (1998)',
  },
  error: null,
  finishedAt: iso(2 * HOUR),
};

const PHOTO: AdminOrder['photo'] = {
  uploadId: 'up-crop',
  thumbnailUrl: '/media/uploads/up-crop/thumb.webp',
  url: '/media/uploads/up-crop/display.jpg',
  width: 3000,
  height: 2000,
  crop: { x: 100, y: 50, width: 3000, height: 2000 },
  originalWidth: 6000,
  originalHeight: 4000,
};

/**
 * The `order` of `GET /api/admin/orders/:id`. Its first line follows the top-level `line`, `photo`, `printFile` and
 * `mockupUrl` given (the contract's "first line's" fields) unless `lines` is given.
 */
export const adminOrder = (over: Partial<AdminOrder> = {}): AdminOrder => {
  const { id, createdAt, statusChangedAt, amountPaise, quantity } = adminOrderSummary('FW-2611-AAAAAA');
  const order: AdminOrder = {
    id,
    createdAt,
    statusChangedAt,
    amountPaise,
    shippingPaise: 0,
    discountPaise: 0,
    couponCode: null,
    invoice: null,
    quantity,
    paidAt: iso(26 * HOUR),
    currency: 'INR',
    customer: { userId: 'user-1', name: 'Asha Verma', email: 'asha@example.com', phone: '+919876543210' },
    address: ADDRESS,
    pincodeInDirectory: true,
    line: LINE,
    photo: PHOTO,
    payment: {
      mode: 'now',
      providerOrderId: 'order_sandbox_1',
      paymentId: 'pay_sandbox_1',
      payments: [
        {
          providerPaymentId: 'pay_sandbox_1',
          amountPaise: 1_850_00,
          currency: 'INR',
          source: 'verify',
          createdAt: iso(26 * HOUR),
          refund: null,
        },
      ],
    },
    paymentFlag: null,
    failure: null,
    carrier: null,
    trackingNumber: null,
    history: [
      { from: null, to: 'created', actor: 'customer', note: null, at: iso(27 * HOUR) },
      { from: 'created', to: 'paid', actor: 'customer', note: null, at: iso(26 * HOUR) },
      { from: 'paid', to: 'in_production', actor: 'admin', note: 'Printing today', at: iso(3 * HOUR) },
    ],
    status: 'in_production',
    nextStatuses: ['shipped'],
    holdEndsAt: null,
    proof: null,
    mockupUrl: '/api/admin/orders/FW-2611-AAAAAA/mockup',
    printFile: PRINT_READY,
    lines: [
      {
        uploadId: 'up-crop',
        quantity,
        line: LINE,
        printFile: PRINT_READY,
        photo: PHOTO,
        mockupUrl: '/api/admin/orders/FW-2611-AAAAAA/mockup',
      },
    ],
    ...over,
  };
  if (over.lines) return order;
  const [first] = order.lines;
  const { line, photo, printFile, mockupUrl } = order;
  return { ...order, lines: [{ ...first!, quantity: order.quantity, line, photo, printFile, mockupUrl }] };
};

// ── An order of two lines: 2 × 12×8 in Matte Black with a Slim border, and 1 × a portrait custom 11×14 in Walnut ──

const MATTE_12X8 = {
  ...LINE,
  finishId: 'finish-matte-black',
  finishName: 'Matte Black',
  finishNameHi: 'मैट ब्लैक',
  fspPaise: 432_00,
  wbpPaise: 150_00,
  unitPaise: 582_00,
  checkoutPaise: 1_164_00,
};
const CUSTOM_11X14 = {
  ...LINE,
  sizeId: null,
  sizeName: '11x14',
  widthIn: 11,
  heightIn: 14,
  custom: true,
  borderId: 'border-none',
  borderName: 'No border',
  borderNameHi: null,
  borderIn: 0,
  borderPricePaise: 0,
  fspPaise: 693_00,
  wbpPaise: 0,
  unitPaise: 693_00,
  checkoutPaise: 693_00,
  imageType: 'Portrait',
};
/** The two lines: their snapshots, pieces and photos. */
export const TWO_LINES = [
  { line: MATTE_12X8, quantity: 2, uploadId: 'up-a' },
  { line: CUSTOM_11X14, quantity: 1, uploadId: 'up-b' },
] as const;
/** Frames ₹1,857, shipping ₹99, DIWALI10 takes ₹185.70 off. */
export const TWO_LINE_FIGURES = { subtotalPaise: 1_857_00, shippingPaise: 99_00, discountPaise: 185_70, totalPaise: 1_770_30 };

/** The `order` of `GET /api/orders/:id` for the two-line order, waiting for its payment after a declined one. */
export const twoLineOrder = (over: Partial<OrderDetail> = {}): OrderDetail =>
  orderDetail({
    _id: 'FW-2611-TWO222',
    status: 'created',
    totalPaise: TWO_LINE_FIGURES.totalPaise,
    shippingPaise: TWO_LINE_FIGURES.shippingPaise,
    discountPaise: TWO_LINE_FIGURES.discountPaise,
    coupon: { code: 'DIWALI10', summary: '10% off' },
    quantity: 3,
    frameName: 'Matte Black (Classic)',
    frameNameHi: 'मैट ब्लैक (क्लासिक)',
    sizeName: '12x8',
    thumbnailUrl: '/media/uploads/up-a/thumb.webp',
    trackingNumber: null,
    carrier: null,
    payment: {
      mode: 'now',
      providerOrderId: 'order_TWO222',
      paymentId: null,
      failureReason: 'card_declined',
      failureCode: 'BAD_REQUEST_ERROR',
    },
    line: orderDetailSchema.shape.line.parse(MATTE_12X8),
    lines: TWO_LINES.map(({ line, quantity, uploadId }) => ({
      ...orderDetailSchema.shape.line.parse(line),
      quantity,
      thumbnailUrl: `/media/uploads/${uploadId}/thumb.webp`,
    })),
    history: [{ status: 'created', at: '2026-11-20T09:30:00.000Z', actor: 'customer' }],
    ...over,
  });

/** The console's list row of the two-line order. */
export const twoLineAdminSummary = (id: string, over: Partial<AdminOrderSummary> = {}): AdminOrderSummary =>
  adminOrderSummary(id, {
    amountPaise: TWO_LINE_FIGURES.totalPaise,
    quantity: 3,
    sizeName: '12x8',
    finishName: 'Matte Black (Classic)',
    lines: TWO_LINES.map(({ line, quantity, uploadId }) => ({
      quantity,
      sizeName: line.sizeName,
      widthIn: line.widthIn,
      heightIn: line.heightIn,
      finishName: `${line.finishName} (${line.frameSetName})`,
      borderIn: line.borderIn,
      thumbnailUrl: `/media/uploads/${uploadId}/thumb.webp`,
    })),
    ...over,
  });

/** The console's two-line order: each line with its own photo, mock-up (`?line=N`) and print file. */
export const twoLineAdminOrder = (over: Partial<AdminOrder> = {}): AdminOrder => {
  const id = 'FW-2611-TWO222';
  const lines = TWO_LINES.map(({ line, quantity, uploadId }, index) => ({
    uploadId,
    quantity,
    line,
    printFile: { ...PRINT_READY, downloadUrl: `/api/admin/orders/${id}/print-file${index > 0 ? `?line=${index + 1}` : ''}` },
    photo: { ...PHOTO!, uploadId, thumbnailUrl: `/media/uploads/${uploadId}/thumb.webp` },
    mockupUrl: `/api/admin/orders/${id}/mockup${index > 0 ? `?line=${index + 1}` : ''}`,
  }));
  const [first] = lines;
  return adminOrder({
    id,
    amountPaise: TWO_LINE_FIGURES.totalPaise,
    shippingPaise: TWO_LINE_FIGURES.shippingPaise,
    discountPaise: TWO_LINE_FIGURES.discountPaise,
    couponCode: 'DIWALI10',
    quantity: 3,
    line: first!.line,
    photo: first!.photo,
    printFile: first!.printFile,
    mockupUrl: first!.mockupUrl,
    lines,
    ...over,
  });
};
