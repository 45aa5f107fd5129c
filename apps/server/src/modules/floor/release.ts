import type { TWebhookEventType } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { autoReleaseOf } from "../factory-config/factory-config.service";
import { hasShippingPlatform } from "../integrations/integrations.service";
import { eventCtes, recordEvent } from "../webhooks/events";
import { noteDeliveries } from "../webhooks/request-events";
import { followMoves, followOrder } from "./follow";
import { notifyOrderFloorChange, orderFloorNotice } from "./live";
import { movesCtes } from "./order-status";

/**
 * Releasing an order to the floor makes its units: a line of quantity q becomes q units
 * (instance 1..q, attempt 1), each queued with its size, colour, fabric and due date. It happens
 * when the order is paid (unless its facility turned auto-release off in Factory Config), or when
 * the factory releases an order by hand (an invoice client's unpaid order, or a paid one waiting). It is
 * idempotent: instances that exist are not made again, so a repeat (or a line whose quantity
 * grew before production) makes only what is missing. Runs in the caller's transaction.
 */

const optionValue = (
  options: { optionCode: string; optionName: string; attributeCode: string; attributeName: string }[],
  re: RegExp,
) => options.find((o) => re.test(o.optionCode) || re.test(o.optionName));

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
  styleId: number | null;
  options: {
    attributeId: number;
    optionCode: string;
    optionName: string;
    attributeCode: string;
    attributeName: string;
  }[];
  quantity: number;
  /** The highest instance already made (attempt 1), or null. */
  made: number | null;
  fabrics: { fabricId: number; attributeId: number | null }[];
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
  const sf = schema.styleFabrics;
  // A closed order is not released; nor, when the caller asks, one whose facility does not release paid orders itself.
  const closed = also?.ifAutoRelease
    ? sql`(${o.status} in ('cancelled', 'completed') or not (${autoReleaseOf(o.factoryId)}))`
    : sql`${o.status} in ('cancelled', 'completed')`;
  // Marks it released (the first time) and locks it, unless it is closed, and reads its live lines
  // with the instances of each already made and its style's fabrics: one statement.
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
          'status', li.status, 'styleId', li.style_id, 'options', li.options, 'quantity', li.quantity,
          'made', (select max(mu.instance) from ${u} mu where mu.item_id = li.id and mu.attempt = 1),
          'fabrics', coalesce((select json_agg(json_build_object('fabricId', mf.fabric_id, 'attributeId', mf.attribute_id) order by mf.id)
            from ${sf} mf where mf.style_id = li.style_id), '[]'::json)) order by li.line_number)
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
  // One row a line (what its units share, and the instances still to make); the database makes
  // the units from it, a row per garment, with their release events, in one statement.
  const lines: {
    itemId: number;
    first: number;
    last: number;
    styleId: number | null;
    size: string | null;
    colour: string | null;
    fabricId: number | null;
  }[] = [];
  for (const item of items) {
    const first = (item.made ?? 0) + 1;
    if (first > item.quantity) continue;
    const attrs = new Set(item.options.map((x) => x.attributeId));
    const mine = item.fabrics;
    const fabric =
      mine.find((f) => f.attributeId !== null && attrs.has(f.attributeId)) ?? mine.find((f) => f.attributeId === null);
    lines.push({
      itemId: item.id,
      first,
      last: item.quantity,
      styleId: item.styleId,
      size: optionValue(item.options, /size/i)?.attributeCode ?? null,
      colour: optionValue(item.options, /colou?r/i)?.attributeName ?? null,
      fabricId: fabric?.fabricId ?? null,
    });
  }
  if (lines.length === 0) return done();
  const e = schema.floorUnitEvents;
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
  const ids = (name: string) => sql`coalesce((select array_agg(id) from ${sql.raw(name)}_deliveries), '{}')`;
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
    with made as (
      insert into ${u} (${sql.identifier(u.factoryId.name)}, ${sql.identifier(u.clientId.name)}, ${sql.identifier(u.orderId.name)},
        ${sql.identifier(u.itemId.name)}, ${sql.identifier(u.instance.name)}, ${sql.identifier(u.attempt.name)},
        ${sql.identifier(u.status.name)}, ${sql.identifier(u.styleId.name)}, ${sql.identifier(u.size.name)},
        ${sql.identifier(u.colour.name)}, ${sql.identifier(u.fabricId.name)}, ${sql.identifier(u.dueDate.name)})
      select ${order.factoryId}::int, ${order.clientId}::int, ${orderId}::int, x."itemId", g, 1, 'queued', x."styleId",
        x.size, x.colour, x."fabricId", ${due}::date
      from json_to_recordset(${JSON.stringify(lines.map((l, n) => ({ ...l, n })))}::json)
        as x(n int, "itemId" int, first int, last int, "styleId" int, size text, colour text, "fabricId" int),
        generate_series(x.first, x.last) as g
      order by x.n, g
      returning ${sql.identifier(u.id.name)} as id),
    unit_events as (insert into ${e} (${sql.identifier(e.unitId.name)}, ${sql.identifier(e.action.name)}, ${sql.identifier(e.fromStatus.name)},
      ${sql.identifier(e.toStatus.name)}, ${sql.identifier(e.actor.name)})
      select id, 'release', null, 'queued', ${actor} from made returning 1)${sql.join(
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

/** Orders released but whose units were never made (for a repair job or the seed). */
export const unreleasedPaidOrders = (tx: HubTx) =>
  tx
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(and(eq(schema.orders.paymentState, "paid"), isNull(schema.orders.releasedAt)));
