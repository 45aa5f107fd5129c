import { ITEM_TRANSITIONS, ORDER_TRANSITIONS, type TItemStatus, type TOrderStatus } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import { conflict } from "../../platform/errors";

/**
 * The only functions that change an order's or a line's status: each checks the transition is
 * allowed (else a 409 naming the current state) and writes the history row, in the caller's
 * transaction. The caller holds the order row locked (select … for update).
 */

const label = (s: string) => s.replaceAll("_", " ");

export const transitionOrder = async (
  tx: HubTx,
  order: { id: number; orderNumber: string; status: string },
  to: TOrderStatus,
  actor: string,
  reason: string | null,
): Promise<void> => transitionItems(tx, order.id, [], actor, reason, { order, to });

/** Refuses an order's move its status does not allow (409, naming both). */
const checkOrderMove = (order: { orderNumber: string; status: string }, to: TOrderStatus) => {
  const from = order.status as TOrderStatus;
  if (!(ORDER_TRANSITIONS[from] ?? []).includes(to)) {
    throw conflict(`Order ${order.orderNumber} is ${label(from)}, so it cannot be ${label(to)}.`, {
      status: from,
    });
  }
};

/**
 * Several lines of one order at once, and the order itself when `orderMove` is given: every move is
 * checked first (the first refused one is the 409, and nothing changes), then one statement: the
 * lines' update, the order's update, and the history rows of all of them (the lines' first, the
 * order's last).
 */
export const transitionItems = async (
  tx: HubTx,
  orderId: number,
  moves: readonly ItemMove[],
  actor: string,
  reason: string | null,
  orderMove?: OrderMove,
): Promise<void> => {
  const ctes = movesCtes(orderId, moves, actor, reason, orderMove);
  if (ctes) await tx.execute(sql`with ${ctes} select 1`);
};

type ItemMove = { item: { id: number; lineNumber: number; status: string }; to: TItemStatus };
type OrderMove = { order: { id: number; orderNumber: string; status: string }; to: TOrderStatus };

/**
 * The moves of `transitionItems` as common table expressions (`moved_items`, `moved_order`,
 * `moved_history`) for a caller to put in a statement of its own (a first release, with its units),
 * or null when nothing moves; checked first, as `transitionItems` checks them. The lines' moves and
 * the history rows travel as one JSON parameter each.
 */
export const movesCtes = (
  orderId: number,
  moves: readonly ItemMove[],
  actor: string,
  reason: string | null,
  orderMove?: OrderMove,
  /**
   * A statement whose own update of the order makes the order's move (a new order's settle and
   * release, floor/release.ts, sets `status` to `orderMove.to`: one row is not updated twice in a
   * statement), and whose moves hold only when `gate` (a CTE of it) returns a row.
   */
  caller?: { gate: string },
): SQL | null => {
  const values = movesValues(moves, orderMove);
  if (!values) return null;
  const to = orderMove?.to;
  return movesCtesOf(
    {
      orderId: sql`${orderId}`,
      moves: sql`${values.moves}`,
      history: sql`${values.history}`,
      reason: sql`${reason}`,
      actor: sql`${actor}`,
      orderTo: sql`${to ?? null}`,
    },
    to === "cancelled" || to === "shipped",
    caller,
  );
};

/**
 * The moves checked (a 409 for the first one refused), as the JSON values `movesCtesOf` reads: the
 * lines' moves and the history rows (the lines' first, the order's last); null when nothing moves.
 */
export const movesValues = (
  moves: readonly ItemMove[],
  orderMove?: OrderMove,
): { moves: string; history: string } | null => {
  for (const { item, to } of moves) {
    const from = item.status as TItemStatus;
    if (!(ITEM_TRANSITIONS[from] ?? []).includes(to))
      throw conflict(`Line ${item.lineNumber} is ${label(from)}, so it cannot be ${label(to)}.`, { status: from });
  }
  if (orderMove) checkOrderMove(orderMove.order, orderMove.to);
  if (moves.length === 0 && !orderMove) return null;
  const history = [
    ...moves.map(({ item, to }) => ({ itemId: item.id, from: item.status, to })),
    ...(orderMove ? [{ itemId: null, from: orderMove.order.status, to: orderMove.to }] : []),
  ].map((row, n) => ({ ...row, n }));
  return { moves: JSON.stringify(moves.map((m) => ({ id: m.item.id, to: m.to }))), history: JSON.stringify(history) };
};

/**
 * `movesCtes`' statement, its values as SQL (parameters, or a built-once statement's placeholders:
 * floor/release.ts): `moves` and `history` hold `movesValues`' JSON, `orderTo` the order's new
 * status (unused with a `caller`, whose own update moves the order). `sendsAgain`: the order moves
 * to cancelled or shipped, so a shipping platform that has it is sent it again.
 */
export const movesCtesOf = (
  v: { orderId: SQL; moves: SQL; history: SQL; reason: SQL; actor: SQL; orderTo: SQL },
  sendsAgain: boolean,
  caller?: { gate: string },
): SQL => {
  const oi = schema.orderItems;
  const o = schema.orders;
  const h = schema.orderStatusHistory;
  const col = (c: { name: string }) => sql.identifier(c.name);
  // An order the shipping platform has (or was to have) is sent again, so its copy says cancelled or shipped.
  const push = sendsAgain
    ? sql`, ${col(o.platformPush)} = case when ${o.platformPush} is null then null else 'pending' end`
    : sql``;
  const gated = caller ? sql` and exists (select 1 from ${sql.identifier(caller.gate)})` : sql``;
  const orderUpdate = caller
    ? sql``
    : sql`moved_order as (
      update ${o} set ${col(o.status)} = ${v.orderTo}::text, ${col(o.updatedAt)} = now()${push}
      where ${o.id} = ${v.orderId}::int and ${v.orderTo}::text is not null returning 1),`;
  return sql`moved_items as (
      update ${oi} set ${col(oi.status)} = x.to, ${col(oi.updatedAt)} = now()
      from json_to_recordset(${v.moves}::json) as x(id int, "to" text)
      where ${oi.id} = x.id${gated} returning 1),
    ${orderUpdate}
    moved_history as (
      insert into ${h} (${col(h.orderId)}, ${col(h.itemId)}, ${col(h.fromStatus)}, ${col(h.toStatus)}, ${col(h.reason)}, ${col(h.actor)})
      select ${v.orderId}::int, x."itemId", x."from", x."to", ${v.reason}::text, ${v.actor}::text
      from json_to_recordset(${v.history}::json) as x(n int, "itemId" int, "from" text, "to" text)
      where true${gated} order by x.n returning 1)`;
};

/** Whether an order may move to a status (bulk actions check every order before changing any). */
export const orderCanMove = (from: string, to: TOrderStatus): boolean =>
  (ORDER_TRANSITIONS[from as TOrderStatus] ?? []).includes(to);
