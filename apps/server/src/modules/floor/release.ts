import type { TWebhookEventType } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import { preparedStatements, rowShape, rowsOf } from "../../platform/database";
import { autoReleaseOf } from "../factory-config/factory-config.service";
import { hasShippingPlatform } from "../integrations/integrations.service";
import { eventCtes, recordEvent } from "../webhooks/events";
import { noteDeliveries } from "../webhooks/request-events";
import { followMoves, followOrder } from "./follow";
import { notifyOrderFloorChange, orderFloorNotice } from "./live";
import { movesCtes, movesCtesOf, movesValues } from "./order-status";

/**
 * Releasing an order to the floor makes its units: a line of quantity q becomes q units
 * (instance 1..q, attempt 1), each queued with its size, colour, fabric and due date. It happens
 * when the order is paid (unless its facility turned auto-release off in Factory Config), or when
 * the factory releases an order by hand (an invoice client's unpaid order, or a paid one waiting). It is
 * idempotent: instances that exist are not made again, so a repeat (or a line whose quantity
 * grew before production) makes only what is missing. Runs in the caller's transaction.
 */

/**
 * A change of the caller's to make in release's first statement (paying: the payment state), and
 * only if `where` holds. `ifAutoRelease`: release only when the order's facility releases paid
 * orders itself (Factory Config); otherwise only the change is made, and the order waits for the
 * facility's "Release to production". `event`: raised when `where` holds (paying: `order.paid`), by
 * the statement that makes the units when there are any to make, else by a statement of its own.
 */
export type AlsoSet = {
  set: Partial<typeof schema.orders.$inferInsert>;
  where: SQL | undefined;
  ifAutoRelease?: boolean;
  event?: { type: TWebhookEventType; data: Record<string, unknown> };
};

type ReleaseItem = {
  id: number;
  lineNumber: number;
  status: string;
  quantity: number;
  /** The highest instance already made (attempt 1), or null. */
  made: number | null;
};

/** Instances `first`..`last` (attempt 1) of order line `itemId`, to make. */
type UnitLine = { itemId: number; first: number; last: number };

/** The lines `unitsCtes` reads, in their order. */
const unitLinesJson = (lines: readonly UnitLine[]) => JSON.stringify(lines.map((l, n) => ({ ...l, n })));

/**
 * The `made` and `unit_events` CTEs: the units of `lines`, a row per garment, queued, each with its
 * line's style, size (the attribute code of the line's first option whose code or name says
 * "size"), colour (the attribute name of the first saying "colour" or "color") and fabric (the
 * style's first fabric for one of the line's attributes, else its first for any), chosen by the
 * database from the line as stored, once a line; and a "release" event a unit. `order` is a FROM
 * item `t` with the order's `factory_id`, `client_id`, `id` and `due_date`; `lines` a value holding
 * `unitLinesJson`'s text, `actor` the events' actor.
 */
const unitsCtes = (order: SQL, lines: SQL, actor: SQL): SQL => {
  const u = schema.floorUnits;
  const e = schema.floorUnitEvents;
  const c = (column: { name: string }) => sql.identifier(column.name);
  const first = (value: string, pattern: string) =>
    sql.raw(`(select q.e ->> '${value}' from jsonb_array_elements(li.options) with ordinality as q(e, k)
        where q.e ->> 'optionCode' ~* '${pattern}' or q.e ->> 'optionName' ~* '${pattern}' order by q.k limit 1)`);
  const sf = schema.styleFabrics;
  return sql`unit_lines as materialized (
      select x.n, x."itemId", x.first, x.last, li.style_id, ${first("attributeCode", "size")} as size,
        ${first("attributeName", "colou?r")} as colour,
        coalesce(
          (select mf.fabric_id from ${sf} mf where mf.style_id = li.style_id
            and mf.attribute_id in (select (a.e ->> 'attributeId')::int from jsonb_array_elements(li.options) as a(e))
            order by mf.id limit 1),
          (select mf.fabric_id from ${sf} mf where mf.style_id = li.style_id and mf.attribute_id is null order by mf.id limit 1)
        ) as fabric_id
      from json_to_recordset(${lines}::json)
        as x(n int, "itemId" int, first int, last int)
        join ${schema.orderItems} li on li.id = x."itemId"),
    made as (
      insert into ${u} (${c(u.factoryId)}, ${c(u.clientId)}, ${c(u.orderId)}, ${c(u.itemId)}, ${c(u.instance)}, ${c(u.attempt)},
        ${c(u.status)}, ${c(u.styleId)}, ${c(u.size)}, ${c(u.colour)}, ${c(u.fabricId)}, ${c(u.dueDate)})
      select t.factory_id, t.client_id, t.id, l."itemId", g, 1, 'queued', l.style_id, l.size, l.colour, l.fabric_id, t.due_date
      from ${order}, unit_lines l, generate_series(l.first, l.last) as g
      order by l.n, g
      returning ${c(u.id)} as id),
    unit_events as (insert into ${e} (${c(e.unitId)}, ${c(e.action)}, ${c(e.fromStatus)}, ${c(e.toStatus)}, ${c(e.actor)})
      select id, 'release', null, 'queued', ${actor}::text from made returning 1)`;
};

export const releaseOrder = async (
  tx: HubTx,
  orderId: number,
  actor: string,
  /**
   * The caller's own change to the order, made by the same statement that marks and locks it (one
   * round trip fewer); it is made even when the order is closed, which is then not released.
   */
  also?: AlsoSet,
): Promise<{ unitsMade: number; matched: boolean; clientId: number | null }> => {
  const o = schema.orders;
  const oi = schema.orderItems;
  const u = schema.floorUnits;
  // A closed order is not released; nor, when the caller asks, one whose facility does not release paid orders itself.
  const closed = also?.ifAutoRelease
    ? sql`(${o.status} in ('cancelled', 'completed') or not (${autoReleaseOf(o.factoryId)}))`
    : sql`${o.status} in ('cancelled', 'completed')`;
  // Marks it released (the first time) and locks it, unless it is closed, and reads its live lines
  // with the instances of each already made: one statement (`unitsCtes` chooses the units' size,
  // colour and fabric in the next).
  const [order] = await tx
    .update(o)
    .set({
      ...also?.set,
      releasedAt: sql`case when ${closed} then ${o.releasedAt} else coalesce(${o.releasedAt}, now()) end`,
      releasedBy: sql`case when ${closed} then ${o.releasedBy} else coalesce(${o.releasedBy}, ${actor}) end`,
      // A first release of a client with a shipping platform saved sends the order there (modules/orders/platform-order.service.ts).
      platformPush: sql`case when not (${closed}) and ${o.releasedAt} is null and ${hasShippingPlatform(o.clientId)} then 'pending' else ${o.platformPush} end`,
    })
    .where(and(eq(o.id, orderId), also ? also.where : notInArray(o.status, ["cancelled", "completed"])))
    .returning({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      factoryId: o.factoryId,
      clientId: o.clientId,
      dueDate: o.dueDate,
      releasedAt: o.releasedAt,
      // Every column named with its table's alias: drizzle leaves them bare inside an update.
      items: sql<ReleaseItem[] | null>`(select json_agg(json_build_object('id', li.id, 'lineNumber', li.line_number,
          'status', li.status, 'quantity', li.quantity,
          'made', (select max(mu.instance) from ${u} mu where mu.item_id = li.id and mu.attempt = 1)) order by li.line_number)
        from ${oi} li where li.order_id = ${orderId}::int and li.status <> 'cancelled')`,
    });
  if (!order) return { unitsMade: 0, matched: false, clientId: null };
  const done = async () => {
    // Not released here: the caller's event (if any) is raised on its own.
    if (also?.event) await recordEvent(tx, order.clientId, also.event.type, also.event.data);
    return { unitsMade: 0, matched: true, clientId: order.clientId };
  };
  if (order.status === "cancelled" || order.status === "completed") return done();
  // Paid, but its facility releases paid orders by hand: no units until it does.
  if (order.releasedAt === null) return done();
  const items = order.items ?? [];
  // The order's due date (the ship-by date, or the facility's lead time in working days; the database's).
  const due = order.dueDate;
  // The instances still to make, a row a line; the database makes the units from them, a row per
  // garment, with their release events, in one statement.
  const lines: UnitLine[] = items
    .map((item) => ({ itemId: item.id, first: (item.made ?? 0) + 1, last: item.quantity }))
    .filter((l) => l.first <= l.last);
  if (lines.length === 0) return done();
  const unitsMade = lines.reduce((sum, l) => sum + l.last - l.first + 1, 0);
  // Its first release: the client's integrations hear it (a repeat, making what a larger line lacks,
  // does not), the lines and the order follow their units (all just made, queued) without reading
  // them back, and the floor's live screens hear of it: all from the same statement that makes the
  // units. A repeat may meet units already shipped or cancelled: it reads them after.
  const first = !items.some((i) => (i.made ?? 0) > 0);
  const ctes: SQL[] = [];
  if (first) {
    ctes.push(
      eventCtes(
        "released",
        "order.released",
        sql`select ${order.clientId}::int as client_id, ${JSON.stringify({
          orderId,
          orderNumber: order.orderNumber,
          units: unitsMade,
          dueDate: due,
        })}::jsonb as data`,
      ),
    );
    const counts = new Map(lines.map((l) => [l.itemId, { total: l.last - l.first + 1, cancelled: 0, shipped: 0 }]));
    const { moves, orderMove } = followMoves(order, items, counts);
    const moved = movesCtes(orderId, moves, actor, null, orderMove);
    if (moved) ctes.push(moved);
    ctes.push(sql`floor_notice as (${orderFloorNotice(orderId)} returning 1)`);
  }
  if (also?.event) {
    // Raised after the release's own event (it reads that one's rows first), as a person reads them: released, then paid.
    const after = first ? sql` from (select count(*) from released_event) as after_released` : sql``;
    ctes.push(
      eventCtes(
        "also",
        also.event.type,
        sql`select ${order.clientId}::int as client_id, ${JSON.stringify(also.event.data)}::jsonb as data${after}`,
      ),
    );
  }
  const ids = deliveryIds;
  const deliveries =
    first && also?.event
      ? sql`array_cat(${ids("released")}, ${ids("also")})`
      : first
        ? ids("released")
        : also?.event
          ? ids("also")
          : sql`null::int[]`;
  const [result] = rowsOf<{ deliveryIds: (number | string)[] | null }>(
    await tx.execute(sql`
    with ${unitsCtes(sql`(select ${order.factoryId}::int as factory_id, ${order.clientId}::int as client_id, ${orderId}::int as id, ${due}::date as due_date) as t`, sql`${unitLinesJson(lines)}`, sql`${actor}`)}${sql.join(
      ctes.map((c) => sql`, ${c}`),
      sql``,
    )}
    select ${deliveries} as "deliveryIds",
      (select count(*) from unit_events) as events`),
  );
  noteDeliveries((result?.deliveryIds ?? []).map(Number));
  if (!first) {
    await followOrder(tx, orderId, actor);
    await notifyOrderFloorChange(tx, orderId);
  }
  return { unitsMade, matched: true, clientId: order.clientId };
};

type OrderRow = typeof schema.orders.$inferSelect;
type ItemRow = typeof schema.orderItems.$inferSelect;
const ORDER = rowShape(schema.orders);

/**
 * A new order's settling and first release in one statement, with no transaction around it and
 * nothing read first: placing's paid order (orders/payment.service.ts). It writes what
 * `releaseOrder` writes for a first release with the payment's change (paid on `attempt`, charged
 * `chargedCents`; the release, the units, the lines and the order in production with their history,
 * "order.released" then "order.paid", the floor's notice), from the order and lines placing has
 * just written, and answers them as they now are. Only while the order is still as written (its
 * status, never released, pending on `attempt`) and its facility releases paid orders itself;
 * otherwise it writes nothing and answers null, and the caller settles it `releaseOrder`'s way.
 * The statement is built once a shape (`preparedStatement`: building it took half a millisecond).
 */
export const releaseNewOrder = async (
  db: HubDb | HubTx,
  written: { row: OrderRow; items: readonly ItemRow[] },
  actor: string,
  paid: { attempt: number; chargedCents: number },
): Promise<{ row: OrderRow; items: ItemRow[] } | null> => {
  const { row } = written;
  const lines: UnitLine[] = written.items
    .filter((i) => i.status !== "cancelled" && i.quantity >= 1)
    .map((i) => ({ itemId: i.id, first: 1, last: i.quantity }));
  if (lines.length === 0 || row.releasedAt !== null) return null;
  const unitsMade = lines.reduce((sum, l) => sum + l.last, 0);
  const counts = new Map(lines.map((l) => [l.itemId, { total: l.last, cancelled: 0, shipped: 0 }]));
  const { moves, orderMove } = followMoves(row, written.items, counts);
  const moved = movesValues(moves, orderMove);
  const result = await SETTLE({ orderMoves: orderMove !== undefined, linesMove: moved !== null })(db, {
    id: row.id,
    status: row.status,
    attempt: paid.attempt,
    chargedCents: paid.chargedCents,
    orderTo: orderMove?.to ?? null,
    actor,
    lines: unitLinesJson(lines),
    unitsMade,
    paidData: JSON.stringify({ orderId: row.id, amountCents: paid.chargedCents }),
    moves: moved?.moves ?? null,
    history: moved?.history ?? null,
  });
  const [settled] = rowsOf<Record<string, unknown>>(result);
  if (!settled) return null;
  noteDeliveries(((settled.deliveryIds as (number | string)[] | null) ?? []).map(Number));
  const order = ORDER.read(settled, "o.");
  const to = new Map(moves.map((m) => [m.item.id, m.to]));
  // The moved lines as their update left them: the same now() as the order's.
  const items = written.items.map((i) => {
    const status = to.get(i.id);
    return status ? { ...i, status, updatedAt: order.updatedAt } : i;
  });
  return { row: order, items };
};

const SETTLE_VALUES = [
  "id",
  "status",
  "attempt",
  "chargedCents",
  "orderTo",
  "actor",
  "lines",
  "unitsMade",
  "paidData",
  "moves",
  "history",
] as const;

/** `releaseNewOrder`'s statement, with or without the order's move and the lines' moves. */
const SETTLE = preparedStatements(
  SETTLE_VALUES,
  (s: { orderMoves: boolean; linesMove: boolean }) => `${s.orderMoves}|${s.linesMove}`,
  (v, { orderMoves, linesMove }) => {
    const o = schema.orders;
    const c = (column: { name: string }) => sql.identifier(column.name);
    // The order's move is made by this update (a row is updated once a statement); its history row by movesCtesOf.
    const moved = linesMove
      ? movesCtesOf(
          { orderId: v.id, moves: v.moves, history: v.history, reason: sql`null`, actor: v.actor, orderTo: v.orderTo },
          false,
          { gate: "target" },
        )
      : null;
    return sql`
    with target as (
      update ${o} set ${c(o.paymentState)} = 'paid', ${c(o.paymentMessage)} = null,
        ${c(o.chargedCents)} = ${v.chargedCents}::int, ${c(o.releasedAt)} = now(), ${c(o.releasedBy)} = ${v.actor}::text,
        ${c(o.platformPush)} = case when ${hasShippingPlatform(o.clientId)} then 'pending' else ${o.platformPush} end,
        ${orderMoves ? sql`${c(o.status)} = ${v.orderTo}::text, ` : sql``}${c(o.updatedAt)} = now()
      where ${o.id} = ${v.id}::int and ${o.status} = ${v.status}::text and ${o.releasedAt} is null
        and ${autoReleaseOf(o.factoryId)} and ${o.paymentState} = 'pending' and ${o.chargeAttempts} = ${v.attempt}::int
      returning *),
    ${unitsCtes(sql`target as t`, v.lines, v.actor)},
    ${eventCtes(
      "released",
      "order.released",
      sql`select t.client_id, jsonb_build_object('orderId', t.id, 'orderNumber', t.order_number, 'units', ${v.unitsMade}::int,
        'dueDate', t.due_date) as data from target t`,
    )},
    ${eventCtes(
      "also",
      "order.paid",
      sql`select t.client_id, ${v.paidData}::jsonb as data
        from target t, (select count(*) from released_event) as after_released`,
    )},${moved ? sql` ${moved},` : sql``}
    floor_notice as (${orderFloorNotice(0, "target")} returning 1)
    select ${ORDER.columns("target", "o.")},
      array_cat(${deliveryIds("released")}, ${deliveryIds("also")}) as "deliveryIds",
      (select count(*) from unit_events) as events
    from target`;
  },
);

const deliveryIds = (name: string) => sql`coalesce((select array_agg(id) from ${sql.raw(name)}_deliveries), '{}')`;

/** Orders released but whose units were never made (for a repair job or the seed). */
export const unreleasedPaidOrders = (tx: HubTx) =>
  tx
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(and(eq(schema.orders.paymentState, "paid"), isNull(schema.orders.releasedAt)));
