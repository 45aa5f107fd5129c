import { z } from "zod";
import { ZDbIdSchema, ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { NUL_MESSAGE, zOptionalText, zText, zTrimmed } from "../common/text";
import { ZLookupListSchema } from "../library/common";
import { ZProductDetailsSchema } from "../library/style-composition";
import { ORDER_ATTENTION } from "./attention";
import { ZOrderPlatformSchema } from "./shipping-platform";

/** Orders (issue 10). The model: docs/adr/0003-orders.md. Money is integer cents. */

/** in_production, partially_shipped and shipped follow the order's units (modules/floor/follow.ts). */
export const ORDER_STATUSES = [
  "placed",
  "in_production",
  "partially_shipped",
  "shipped",
  "completed",
  "cancelled",
] as const;
export const ITEM_STATUSES = [
  "open",
  "in_production",
  "partially_shipped",
  "shipped",
  "completed",
  "cancelled",
] as const;
export const PAYMENT_STATES = ["unpaid", "pending", "paid", "failed", "partially_refunded", "refunded"] as const;
/**
 * web: the client's own store (POST /orders/web); portal: the client's end customer on its storefront,
 * through the Hub's portal endpoint (POST /orders/portal); remake: made again for a return (RMA), its
 * lines at zero price (docs/adr/0003-orders.md, Returns).
 */
export const ORDER_SOURCES = ["entry", "web", "portal", "import", "remake"] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];
export type TItemStatus = (typeof ITEM_STATUSES)[number];
export type TPaymentState = (typeof PAYMENT_STATES)[number];
export type TOrderSource = (typeof ORDER_SOURCES)[number];

/** Allowed status changes; anything else is a 409 naming the current state. */
export const ORDER_TRANSITIONS: Record<TOrderStatus, readonly TOrderStatus[]> = {
  placed: ["in_production", "completed", "cancelled"],
  in_production: ["partially_shipped", "shipped", "completed", "cancelled"],
  partially_shipped: ["shipped", "completed", "cancelled"],
  shipped: ["completed"],
  completed: [],
  cancelled: [],
};
export const ITEM_TRANSITIONS: Record<TItemStatus, readonly TItemStatus[]> = {
  open: ["in_production", "completed", "cancelled"],
  in_production: ["partially_shipped", "shipped", "completed", "cancelled"],
  partially_shipped: ["shipped", "completed", "cancelled"],
  shipped: ["completed"],
  completed: [],
  cancelled: [],
};

/** A line is done once it has shipped, or was completed or cancelled. */
export const LINE_DONE_STATUSES: readonly TItemStatus[] = ["shipped", "completed", "cancelled"];
/** How many of an order's lines are not done yet (completing waits for none). */
export const linesNotDone = (items: readonly { status: string }[]): number =>
  items.filter((i) => !LINE_DONE_STATUSES.includes(i.status as TItemStatus)).length;
/**
 * Whether an order can be completed: the factory's (or an internal admin's) step once everything on
 * it has shipped or been cancelled. Who may do it is checked apart (`ORDER_MESSAGES.completeWho`).
 */
export const orderCompletable = (order: { status: string; items: readonly { status: string }[] }): boolean =>
  (ORDER_TRANSITIONS[order.status as TOrderStatus] ?? []).includes("completed") && linesNotDone(order.items) === 0;

export const ORDER_MESSAGES = {
  chooseClient: "Choose the client this order is for.",
  noFacility: "This client has no facility to make its orders.",
  idempotencyKeyRequired: "Send an Idempotency-Key header, so a retry or a double click places one order.",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different order.",
  shipToOrAddress: "Choose an address from the address book or type one",
  noLines: "Add at least one line",
  oneLineKind: "Give either a sku, a styleId or a styleCode",
  shipDatePast: "The requested ship date is in the past",
  couponUnknown: "There is no coupon with this code.",
  couponInactive: "This coupon is no longer active.",
  couponNotYet: "This coupon is not valid yet.",
  couponExpired: "This coupon has expired.",
  couponUsedUp: "This coupon has been used up.",
  couponOtherClient: "This coupon is not for this client.",
  notNul: NUL_MESSAGE,
  bulkRefused: "Nothing was changed: some orders cannot be changed this way.",
  reasonRequired: "Give a reason",
  notYourAddress: "That address is not in this client's address book or yours.",
  addAnAddress: "No saved addresses yet: add one under My addresses, or type a one-off address.",
  completeWho: "Only the factory or an internal admin can complete an order.",
  /** A store's external id (web) or a portal reference already names an order of the other source. */
  referenceOtherSource: (orderNumber: string) =>
    `This reference already names order ${orderNumber}, placed another way; send a reference of its own.`,
  completeNotDone: (orderNumber: string, left: number) =>
    `Order ${orderNumber} cannot be completed yet: every line must be shipped or cancelled first (${left} ${left === 1 ? "line is" : "lines are"} not).`,
} as const;

const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
export const ZDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31")
  .refine(isRealDate, "Not a real date");

export const ZOrderQuantitySchema = z
  .number({ error: "Enter a quantity" })
  .int("Must be a whole number")
  .min(1, "Must be at least 1")
  .max(100_000, "At most 100000 per line");
export const ZMoneySchema = z.number().int("Whole cents").min(0).max(100_000_000, "At most 100000000 cents");

/** A line as a person or a store gives it: by SKU, by style id + attribute ids, or by style code + attribute codes. */
export const ZOrderLineInputSchema = z
  .object({
    sku: zTrimmed(100, 1).optional(),
    styleId: ZDbIdSchema.optional(),
    styleCode: zTrimmed(40, 1).optional(),
    attributeIds: z.array(ZDbIdSchema).max(20).optional(),
    attributeCodes: z.array(zTrimmed(40, 1)).max(20).optional(),
    quantity: ZOrderQuantitySchema,
  })
  .refine(
    (l) => [l.sku, l.styleId, l.styleCode].filter((x) => x !== undefined).length === 1,
    ORDER_MESSAGES.oneLineKind,
  );
export type TOrderLineInput = z.infer<typeof ZOrderLineInputSchema>;
const ZLinesSchema = z.array(ZOrderLineInputSchema).min(1, ORDER_MESSAGES.noLines).max(500, "At most 500 lines");

export const ZShipToSchema = z.object({
  name: zTrimmed(120, 1),
  company: zOptionalText(120),
  line1: zTrimmed(200, 1),
  line2: zOptionalText(200),
  city: zTrimmed(100, 1),
  region: zOptionalText(100),
  postalCode: zTrimmed(20, 1),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Use a two-letter country code (US, GB…)")
    .transform((v) => v.toUpperCase()),
  phone: zOptionalText(40),
});
export type TShipTo = z.infer<typeof ZShipToSchema>;
export const ZShipToOutSchema = z.object({
  name: zText(),
  company: zText().nullable(),
  line1: zText(),
  line2: zText().nullable(),
  city: zText(),
  region: zText().nullable(),
  postalCode: zText(),
  country: zText(),
  phone: zText().nullable(),
});

const couponCode = zTrimmed(40, 1);

export const ZQuoteRequestSchema = z.object({
  clientId: ZDbIdSchema.optional(),
  lines: ZLinesSchema,
  couponCode: couponCode.optional(),
});
export type TQuoteRequest = z.infer<typeof ZQuoteRequestSchema>;

export const ZOptionSnapshotSchema = z.object({
  optionCode: zText(),
  optionName: zText(),
  attributeId: z.number().int(),
  attributeCode: zText(),
  attributeName: zText(),
  upchargeCents: z.number().int(),
});

export const ZPricedLineSchema = z.object({
  index: z.number().int(),
  styleId: z.number().int(),
  styleCode: zText(),
  styleName: zText(),
  sku: zText(),
  options: z.array(ZOptionSnapshotSchema),
  quantity: z.number().int(),
  tierMinQuantity: z.number().int(),
  unitPriceCents: z.number().int(),
  upchargeCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
export type TPricedLine = z.infer<typeof ZPricedLineSchema>;

export const ZLineProblemSchema = z.object({ index: z.number().int(), field: zText(), message: zText() });
export const ZCouponCheckSchema = z.object({
  code: zText(),
  valid: z.boolean(),
  reason: zText().nullable(),
  discountCents: z.number().int(),
});

export const ZQuoteSchema = z
  .object({
    clientId: z.number().int(),
    lines: z.array(ZPricedLineSchema),
    problems: z.array(ZLineProblemSchema),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    coupon: ZCouponCheckSchema.nullable(),
  })
  .meta({ id: "OrderQuote" });
export type TQuote = z.infer<typeof ZQuoteSchema>;

export const ZPlaceOrderRequestSchema = z
  .object({
    clientId: ZDbIdSchema.optional(),
    addressId: ZDbIdSchema.optional(),
    shipTo: ZShipToSchema.optional(),
    poNumber: zOptionalText(60),
    poFileId: ZDbIdSchema.optional(),
    requestedShipDate: ZDateSchema.optional(),
    notes: zOptionalText(2000),
    lines: ZLinesSchema,
    couponCode: couponCode.optional(),
  })
  .refine((b) => (b.addressId === undefined) !== (b.shipTo === undefined), {
    message: ORDER_MESSAGES.shipToOrAddress,
    path: ["shipTo"],
  });
export type TPlaceOrderRequest = z.infer<typeof ZPlaceOrderRequestSchema>;

export const ZWebOrderRequestSchema = z.object({
  externalOrderId: zTrimmed(100, 1),
  shipTo: ZShipToSchema,
  poNumber: zOptionalText(60),
  requestedShipDate: ZDateSchema.optional(),
  notes: zOptionalText(2000),
  lines: ZLinesSchema,
  couponCode: couponCode.optional(),
});
export type TWebOrderRequest = z.infer<typeof ZWebOrderRequestSchema>;

/** The end customer who placed a portal order: the order's ship-to name and phone are theirs. */
export const ZPortalCustomerSchema = z.object({
  name: zTrimmed(120, 1),
  email: zText({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address"))
    .pipe(zText().max(254, "Email must be at most 254 characters")),
  phone: zOptionalText(40),
});
export type TPortalCustomer = z.infer<typeof ZPortalCustomerSchema>;

/**
 * A portal order (POST /orders/portal): the client's storefront sends its end customer, the address
 * to ship to, the lines (as a web order's) and its own reference for the order, which makes a retry
 * answer the order already placed (200), as a web order's external id does.
 */
export const ZPortalOrderRequestSchema = z.object({
  portalOrderRef: zTrimmed(100, 1),
  customer: ZPortalCustomerSchema,
  shipTo: ZShipToSchema.omit({ name: true, phone: true }),
  requestedShipDate: ZDateSchema.optional(),
  notes: zOptionalText(1500),
  lines: ZWebOrderRequestSchema.shape.lines,
  couponCode: ZWebOrderRequestSchema.shape.couponCode,
});
export type TPortalOrderRequest = z.infer<typeof ZPortalOrderRequestSchema>;

export const ZOrderItemSchema = z.object({
  id: z.number().int(),
  lineNumber: z.number().int(),
  styleId: z.number().int().nullable(),
  styleCode: zText(),
  styleName: zText(),
  sku: zText(),
  options: z.array(ZOptionSnapshotSchema),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  upchargeCents: z.number().int(),
  lineTotalCents: z.number().int(),
  status: z.enum(ITEM_STATUSES),
});
export type TOrderItem = z.infer<typeof ZOrderItemSchema>;

export const ZOrderListItemSchema = z
  .object({
    id: z.number().int(),
    orderNumber: zText(),
    clientId: z.number().int(),
    clientName: zText(),
    source: z.enum(ORDER_SOURCES),
    externalOrderId: zText().nullable(),
    poNumber: zText().nullable(),
    shipName: zText(),
    status: z.enum(ORDER_STATUSES),
    paymentState: z.enum(PAYMENT_STATES),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    totalCents: z.number().int(),
    requestedShipDate: zText().nullable(),
    placedBy: zText(),
    placedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "OrderListItem" });
export type TOrderListItem = z.infer<typeof ZOrderListItemSchema>;
/**
 * The orders list counts at most this many rows past the page's start, so a broad search of a
 * million orders never counts them all: `totalCapped` then says there are more than `total`.
 */
export const ORDER_COUNT_CAP = 1000;
/**
 * A search counts at most this many past the page's start: its count reads its matches, and ten
 * pages of 25 ahead is as far as a person pages through a search before narrowing it.
 */
export const ORDER_SEARCH_COUNT_CAP = 250;
export const ZOrderPageSchema = pageOf(ZOrderListItemSchema).extend({
  /** More orders match than `total` (the count stopped at ORDER_COUNT_CAP, or for a search ORDER_SEARCH_COUNT_CAP, past the page). */
  totalCapped: z.boolean(),
});

export const ZLedgerLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["charge", "refund"]),
  amountCents: z.number().int(),
  status: z.enum(["succeeded", "failed"]),
  failureMessage: zText().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const ZOrderSchema = ZOrderListItemSchema.extend({
  factoryId: z.number().int(),
  addressId: z.number().int().nullable(),
  shipTo: ZShipToOutSchema,
  poFileId: z.number().int().nullable(),
  /** The PO file's name (GET /orders/:id/poFile downloads it). */
  poFileName: zText().nullable(),
  notes: zText().nullable(),
  /** The end customer's email: a portal order's, which gets the tracking email; null otherwise. */
  customerEmail: zText().nullable(),
  couponCode: zText().nullable(),
  paymentMessage: zText().nullable(),
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The client has a default payment method, so "charge again" can succeed. */
  hasPaymentMethod: z.boolean(),
  /**
   * When the floor owes it: the requested ship date, else the facility's lead time in working days
   * after placing (Factory Config), fixed when it was placed.
   */
  dueDate: ZDateSchema,
  /** Its copy on the client's shipping platform; null when never sent and the client has none. */
  shippingPlatform: ZOrderPlatformSchema.nullable(),
  items: z.array(ZOrderItemSchema),
  ledger: z.array(ZLedgerLineSchema),
}).meta({ id: "Order" });
export type TOrder = z.infer<typeof ZOrderSchema>;

export const ZOrderListQuerySchema = ZPageQuerySchema.extend({
  searchString: zTrimmed(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  clientId: ZIdSchema.optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
  attention: z.enum(ORDER_ATTENTION, { error: `Use one of ${ORDER_ATTENTION.join(", ")}` }).optional(),
  /** Orders that shipped (their last line) on or after this day (UTC). */
  shippedFrom: ZDateSchema.optional(),
  /** Orders placed with this coupon (any case): the Sales Dashboard's coupons. */
  couponCode: zTrimmed(40).optional(),
  /** Orders with a line (not cancelled) of this SKU, style, size and colour (the line's frozen option; "—": none). */
  sku: zTrimmed(100).optional(),
  styleCode: zTrimmed(40).optional(),
  lineSize: zTrimmed(100).optional(),
  lineColour: zTrimmed(100).optional(),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuerySchema>;

export const ZOrderIdParamsSchema = z.object({ id: ZIdSchema });
export const ZOrderItemParamsSchema = z.object({ id: ZIdSchema, itemId: ZIdSchema });
export const ZOrderIssueParamsSchema = z.object({ id: ZIdSchema, issueId: ZIdSchema });

export const ZCompleteRequestSchema = z.object({ reason: zOptionalText(500) });
export const ZCancelRequestSchema = z.object({ reason: zTrimmed(500, 1) });
export const ZOrderRefundRequestSchema = z.object({
  amountCents: ZMoneySchema.min(1, "Must be more than zero"),
  reason: zOptionalText(500),
});

export const ZItemEditRequestSchema = z
  .object({
    attributeIds: z.array(ZDbIdSchema).max(20).optional(),
    attributeCodes: z.array(zTrimmed(40, 1)).max(20).optional(),
    quantity: ZOrderQuantitySchema.optional(),
  })
  .refine((b) => b.attributeIds !== undefined || b.attributeCodes !== undefined || b.quantity !== undefined, {
    message: "Change the options or the quantity",
    path: ["quantity"],
  });
export type TItemEditRequest = z.infer<typeof ZItemEditRequestSchema>;

export const ZBulkOrderRequestSchema = z
  .object({
    ids: z.array(ZDbIdSchema).min(1, "Choose at least one order").max(200, "At most 200 orders at once"),
    action: z.enum(["complete", "cancel"]),
    reason: zOptionalText(500),
  })
  .refine((b) => b.action !== "cancel" || (b.reason !== undefined && b.reason !== ""), {
    message: ORDER_MESSAGES.reasonRequired,
    path: ["reason"],
  });
export const ZBulkOrderResultSchema = z.object({ action: z.enum(["complete", "cancel"]), orders: z.array(zText()) });

export const ZCommentRequestSchema = z.object({ body: zTrimmed(4000, 1) });
export const ZCommentSchema = z.object({
  id: z.number().int(),
  author: zText(),
  body: zText(),
  at: z.iso.datetime({ offset: true }),
});
export const ZCommentListSchema = z.object({ items: z.array(ZCommentSchema) });

export const ZIssueRequestSchema = z.object({ body: zTrimmed(4000, 1), itemId: ZDbIdSchema.optional() });
export const ZIssueRespondRequestSchema = z.object({ response: zTrimmed(4000, 1) });
export const ZIssueSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int().nullable(),
  raisedBy: zText(),
  body: zText(),
  response: zText().nullable(),
  respondedBy: zText().nullable(),
  respondedAt: z.iso.datetime({ offset: true }).nullable(),
  resolved: z.boolean(),
  at: z.iso.datetime({ offset: true }),
});
export const ZIssueListSchema = z.object({ items: z.array(ZIssueSchema) });

export const ZHistoryEntrySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int().nullable(),
  lineNumber: z.number().int().nullable(),
  fromStatus: zText().nullable(),
  toStatus: zText(),
  reason: zText().nullable(),
  actor: zText(),
  at: z.iso.datetime({ offset: true }),
});
export const ZHistoryListSchema = z.object({ items: z.array(ZHistoryEntrySchema) });

/* Order entry: what the screen offers for the client an order is for */

/** ?clientId: the client to order for (internal admins and facility users; a client user's own otherwise). */
export const ZEntryQuerySchema = z.object({ clientId: ZIdSchema.optional() });
export const ZEntryStyleLookupQuerySchema = ZEntryQuerySchema.extend({
  searchString: zTrimmed(200).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZEntryStyleParamsSchema = z.object({ styleId: ZIdSchema });

export const ZEntryAddressSchema = ZShipToOutSchema.extend({
  id: z.number().int(),
  label: zText(),
  isDefault: z.boolean(),
  /** "me": the caller's own address (My addresses on /yourAddresses); "client": the client's shared book. */
  owner: z.enum(["me", "client"]),
});
export type TEntryAddress = z.infer<typeof ZEntryAddressSchema>;

export const ZEntryOptionsSchema = z
  .object({
    clientId: z.number().int(),
    clientName: zText(),
    /**
     * The addresses the caller may ship this order to (active ones): the caller's own first, then the
     * client's shared book, each with its default first. Entry preselects `entryDefaultAddress`.
     */
    addresses: z.array(ZEntryAddressSchema),
    /** Placing charges the client's default payment method; without one the order is invoiced. */
    hasPaymentMethod: z.boolean(),
  })
  .meta({ id: "OrderEntryOptions" });
export type TEntryOptions = z.infer<typeof ZEntryOptionsSchema>;

/** The address entry preselects: the caller's own default, else the client's default, else the first. */
export const entryDefaultAddress = (addresses: readonly TEntryAddress[]): TEntryAddress | undefined =>
  addresses.find((a) => a.owner === "me" && a.isDefault) ?? addresses.find((a) => a.isDefault) ?? addresses[0];

/** The styles offered to the client, as {id,label} for the style picker. */
export const ZEntryStyleListSchema = ZLookupListSchema;
/** A style as the order's client sees it (its offered options and upcharges). */
export const ZEntryStyleDetailsSchema = ZProductDetailsSchema;

export * from "./attention";
export * from "./cost";
