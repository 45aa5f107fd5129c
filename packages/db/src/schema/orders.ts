import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { addresses } from "./addresses";
import { clients, factories } from "./clients";
import { created, updated } from "./columns";
import { storedFiles } from "./files";
import { styles } from "./library-styles";
import { users } from "./users";

/**
 * Orders (issue 10; the model is docs/adr/0003-orders.md):
 *
 *   client ──< order (SO-000123) ──< order_items (line 1: TEE-100-M-BLK × 30, price frozen)
 *                 ├─< order_status_history (placed, cancelled…; per order or per line)
 *                 ├─< order_comments  └─< order_issues
 *   facility ──< coupons
 *
 * Money is integer cents. A line of quantity q becomes q units when the floor starts it (later).
 */

/** Codes a facility hands out: percent (basis points) or amount off, for one client or all of its clients. */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId, { onDelete: "cascade" }),
    code: text("code").notNull(),
    description: text("description"),
    /** Percent off in basis points (1000 = 10 %); exactly one of this and amount_off_cents is set. */
    percentOffBp: integer("percent_off_bp"),
    amountOffCents: integer("amount_off_cents"),
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    /** Only for this client; null: every client of the facility. */
    clientId: integer("client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.factoryId, sql`lower(${t.code})`),
    check("coupons_one_discount", sql`(${t.percentOffBp} is null) <> (${t.amountOffCents} is null)`),
  ],
);

/** The digits of an order number: six at least, never cut (SO-000123, SO-1234567). */
const orderDigits = (id: string) => `lpad(${id}::text, greatest(6, length(${id}::text)), '0')`;

/**
 * PostgreSQL's tsvector, written and read as its words (here: search tokens, matched by prefix with
 * `'word':*` queries). Each word is quoted, its quotes doubled and backslashes escaped, as the
 * tsvector's input and output write them.
 */
const tsvector = customType<{ data: string[]; driverData: string }>({
  dataType: () => "tsvector",
  toDriver: (words) => words.map((w) => `'${w.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`).join(" "),
  fromDriver: (text) =>
    [...text.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)].map((m) =>
      (m[1] ?? "").replace(/''|\\(.)/g, (x, escaped: string | undefined) => escaped ?? x.slice(1)),
    ),
});

/** The words of an order's number in its search vector (`so-000123`, `000123`), as the database adds them. */
export const orderNumberWords = (id: number): string[] => {
  const digits = String(id).padStart(6, "0");
  return [`so-${digits}`, digits];
};

/** The longest token kept, in characters (a tsvector word holds at most 2,047 bytes). */
export const SEARCH_TOKEN_MAX = 64;

/**
 * Search tokens of some texts: every whitespace-separated word, lower-cased and cut to
 * SEARCH_TOKEN_MAX, and of a word with `-` also every part from a `-` on, so a search for `blk`,
 * `m-blk` or `tee-100-m` finds `TEE-100-M-BLK` (the search matches a token's start). The migration
 * that added them wrote the same tokens in SQL for the orders then stored.
 */
export const searchTokensOf = (texts: readonly (string | null | undefined)[]): string[] => {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const raw of (text ?? "").toLowerCase().split(/\s+/)) {
      const word = raw.slice(0, SEARCH_TOKEN_MAX);
      if (word) tokens.add(word);
      for (let i = word.indexOf("-"); i !== -1; i = word.indexOf("-", i + 1)) {
        const rest = word.slice(i + 1);
        if (rest) tokens.add(rest);
      }
    }
  }
  return [...tokens].sort();
};

/** An order's search tokens (its number is added by the index from the id). */
export const orderSearchTokens = (order: {
  poNumber: string | null | undefined;
  externalOrderId: string | null | undefined;
  clientName: string;
  clientCode: string | null | undefined;
  shipName: string;
  lines: readonly { sku: string; styleCode: string }[];
}): string[] =>
  searchTokensOf([
    order.poNumber,
    order.externalOrderId,
    order.clientName,
    order.clientCode,
    order.shipName,
    ...order.lines.flatMap((l) => [l.sku, l.styleCode]),
  ]);

/**
 * An order's due date (`orders.due_date`) is written by the database when the order is inserted, and
 * again when its requested ship date changes (trigger `orders_due_date`, migration 0044): the
 * requested ship date, else the facility's lead time in working days after placing
 * (`hub_floor_due_date`: its Factory Config working days, end of the working day and time zone; an
 * order placed after the day's end or on a day off counts from the next working day). It is then
 * frozen, like the prices: a later change of the calendar moves no order's due date.
 */

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** What people quote: SO-000123. */
    orderNumber: text("order_number")
      .notNull()
      .generatedAlwaysAs(sql.raw(`'SO-' || ${orderDigits("id")}`)),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** Snapshot for search and lists. */
    clientName: text("client_name").notNull(),
    /** The facility that makes it (the client's, at placing). */
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId),
    /** entry | web | import */
    source: text("source").notNull(),
    externalOrderId: text("external_order_id"),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the placing request: the same key with another body is a 409. */
    requestHash: text("request_hash"),
    poNumber: text("po_number"),
    poFileId: integer("po_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
    shipName: text("ship_name").notNull(),
    shipCompany: text("ship_company"),
    shipLine1: text("ship_line1").notNull(),
    shipLine2: text("ship_line2"),
    shipCity: text("ship_city").notNull(),
    shipRegion: text("ship_region"),
    shipPostalCode: text("ship_postal_code").notNull(),
    shipCountry: text("ship_country").notNull(),
    shipPhone: text("ship_phone"),
    /** The end customer's email (a portal order's): the box's tracking email goes there too. */
    customerEmail: text("customer_email"),
    requestedShipDate: date("requested_ship_date", { mode: "string" }),
    notes: text("notes"),
    /** placed | in_production | completed | cancelled */
    status: text("status").notNull().default("placed"),
    /** unpaid | pending | paid | failed | partially_refunded | refunded */
    paymentState: text("payment_state").notNull().default("unpaid"),
    paymentMessage: text("payment_message"),
    chargeAttempts: integer("charge_attempts").notNull().default(0),
    chargedCents: integer("charged_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    placedBy: text("placed_by").notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the floor may start it: set when the order is paid, or by the factory releasing an
     * invoice client's unpaid order. Its units are made at that moment (issue 11).
     */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: text("released_by"),
    /**
     * The floor's due date: set by the database on insert (see above; the default only stands in for
     * the trigger's value), the lists' "due" sort and the late rule.
     */
    dueDate: date("due_date", { mode: "string" }).notNull().default(sql`current_date`),
    /**
     * The client's shipping platform's copy of the order (ShipStation's createorder, keyed by the
     * order number; modules/orders/platform-order.service.ts): "pending" when it is to be sent
     * (at the first release, or a cancel or ship of an order sent before), "sending" while a
     * worker holds it (since `platform_claimed_at`), "sent" or "failed" after; null: never asked.
     */
    platformPush: text("platform_push"),
    platformClaimedAt: timestamp("platform_claimed_at", { withTimezone: true }),
    /** The platform's own id of its copy (ShipStation's orderId), from its first answer. */
    platformOrderId: text("platform_order_id"),
    platformSentAt: timestamp("platform_sent_at", { withTimezone: true }),
    /** Why the last send failed (the platform's words); null after a success. */
    platformError: text("platform_error"),
    updatedAt: updated(),
    /**
     * What the list's search finds an order by, as a tsvector for the GIN index and the prefix
     * search: the words and codes the service writes from `orderSearchTokens` on placing, item edit
     * and import (PO, external id, client name and code, ship-to name, every SKU and style code,
     * lower-cased, each code also from every `-` on: `100-m-blk`, `m-blk`, `blk`), and the order
     * number (`so-000123`, `000123`), which the database adds from the id (trigger
     * `orders_search_vector`, migration 0061). Stored, so a plan that walks a sort index checks a
     * row cheaply; the only copy of the tokens, so a row stays narrow (ADR 0003).
     */
    searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  },
  (t) => [
    uniqueIndex("orders_external_key").on(t.clientId, t.externalOrderId),
    uniqueIndex("orders_idempotency_key").on(t.clientId, t.idempotencyKey),
    // The key floor units name their order, client and factory by (floor.ts, floor_units_order_fk).
    uniqueIndex("orders_id_client_factory_key").on(t.id, t.clientId, t.factoryId),
    index("orders_client_placed_idx").on(t.clientId, t.placedAt.desc().nullsFirst(), t.id),
    index("orders_factory_placed_idx").on(t.factoryId, t.placedAt.desc()),
    index("orders_status_placed_idx").on(t.status, t.placedAt.desc().nullsFirst(), t.id),
    // A status's orders in the list's other walked sorts: a search with a status reads its window
    // from these instead of walking the sort's index past the other statuses (ADR 0003).
    index("orders_status_total_idx").on(t.status, t.totalCents.desc().nullsFirst(), t.id),
    index("orders_status_id_idx").on(t.status, t.id),
    index("orders_status_client_name_idx").on(t.status, t.clientName, t.id),
    index("orders_placed_idx").on(t.placedAt.desc().nullsFirst(), t.id),
    index("orders_total_idx").on(t.totalCents.desc().nullsFirst(), t.id),
    // The client sort, both ways (the id tie-breaker is always ascending): the list walks them.
    index("orders_client_name_idx").on(t.clientName, t.id),
    index("orders_client_name_desc_idx").on(t.clientName.desc(), t.id),
    index("orders_search_idx").using("gin", t.searchVector),
    // The push job's queue: the few orders waiting to be sent, or held by a worker that may have died.
    index("orders_platform_push_idx").on(t.platformClaimedAt).where(sql`${t.platformPush} in ('pending', 'sending')`),
    index("orders_floor_due_idx").on(t.factoryId, t.dueDate, t.id).where(sql`${t.releasedAt} is not null`),
  ],
);

export type OptionSnapshot = {
  optionCode: string;
  optionName: string;
  attributeId: number;
  attributeCode: string;
  attributeName: string;
  upchargeCents: number;
};

/** The attribute of a line's first option whose name matches `pattern` (case-insensitive), or "—". */
const lineOption = (pattern: string) =>
  `coalesce(jsonb_path_query_first("options", '$[*] ? (@.optionName like_regex "${pattern}" flag "i").attributeName') #>> '{}', '—')`;

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineNumber: integer("line_number").notNull(),
    styleId: integer("style_id").references(() => styles.id, { onDelete: "set null" }),
    styleCode: text("style_code").notNull(),
    styleName: text("style_name").notNull(),
    sku: text("sku").notNull(),
    options: jsonb("options").$type<OptionSnapshot[]>().notNull(),
    /**
     * The line's size and colour: the attribute of its first frozen option named like "size" and
     * "colour"/"color", or "—" without one. Written by the database from `options` (every writer of
     * lines alike), so the Sales Dashboard and the orders list's line filters read a column, not JSON.
     */
    size: text("size")
      .notNull()
      .generatedAlwaysAs(sql`${sql.raw(lineOption("size"))}`),
    colour: text("colour")
      .notNull()
      .generatedAlwaysAs(sql`${sql.raw(lineOption("colou?r"))}`),
    quantity: integer("quantity").notNull(),
    /** The tier's unit price at placing (the order's tier), frozen. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** The chosen attributes' upcharges per piece, frozen. */
    upchargeCents: integer("upcharge_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /**
     * The quoted cost of one piece at placing (issue 22): the style's cost build-up as the custom
     * product price computes it (library/styles/pricing.ts costOf), computed by the database inside
     * placing's line insert (orders/cost-sql.ts). Null on lines written before, or by other writers.
     */
    quotedFabricCents: integer("quoted_fabric_cents"),
    quotedPartCents: integer("quoted_part_cents"),
    quotedLabourCents: integer("quoted_labour_cents"),
    /** open | in_production | completed | cancelled */
    status: text("status").notNull().default("open"),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("order_items_line_key").on(t.orderId, t.lineNumber),
    index("order_items_style_idx").on(t.styleId),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemId: integer("item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.id)],
);

export const orderComments = pgTable(
  "order_comments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    authorUserId: integer("author_user_id").references(() => users.userId, { onDelete: "set null" }),
    body: text("body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_comments_order_idx").on(t.orderId, t.id)],
);

export const orderIssues = pgTable(
  "order_issues",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemId: integer("item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    raisedBy: text("raised_by").notNull(),
    body: text("body").notNull(),
    response: text("response"),
    respondedBy: text("responded_by"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    resolved: boolean("resolved").notNull().default(false),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_issues_order_idx").on(t.orderId, t.id)],
);
