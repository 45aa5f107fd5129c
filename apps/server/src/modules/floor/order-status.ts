import { ITEM_TRANSITIONS, ORDER_TRANSITIONS, type TItemStatus, type TOrderStatus } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq, inArray, sql } from "drizzle-orm";
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
 * checked first (the first refused one is the 409, and nothing changes), then one statement: an
 * update per target status of the lines, the order's update, and the history rows of all of them
 * (the lines' first, the order's last).
 */
export const transitionItems = async (
  tx: HubTx,
  orderId: number,
  moves: readonly { item: { id: number; lineNumber: number; status: string }; to: TItemStatus }[],
  actor: string,
  reason: string | null,
  orderMove?: { order: { id: number; orderNumber: string; status: string }; to: TOrderStatus },
): Promise<void> => {
  for (const { item, to } of moves) {
    const from = item.status as TItemStatus;
    if (!(ITEM_TRANSITIONS[from] ?? []).includes(to))
      throw conflict(`Line ${item.lineNumber} is ${label(from)}, so it cannot be ${label(to)}.`, { status: from });
  }
  if (orderMove) checkOrderMove(orderMove.order, orderMove.to);
  if (moves.length === 0 && !orderMove) return;
  const now = new Date();
  const updates = [...new Set(moves.map((m) => m.to))].map((to, n) =>
    tx.$with(`moved_${n}`).as(
      tx
        .update(schema.orderItems)
        .set({ status: to, updatedAt: now })
        .where(
          inArray(
            schema.orderItems.id,
            moves.filter((m) => m.to === to).map((m) => m.item.id),
          ),
        )
        .returning({ id: schema.orderItems.id }),
    ),
  );
  const orderUpdate = (move: NonNullable<typeof orderMove>) => {
    const to = move.to;
    return tx.$with("moved").as(
      tx
        .update(schema.orders)
        .set({
          status: to,
          updatedAt: now,
          // An order the shipping platform has (or was to have) is sent again, so its copy says cancelled or shipped.
          ...(to === "cancelled" || to === "shipped"
            ? { platformPush: sql`case when ${schema.orders.platformPush} is null then null else 'pending' end` }
            : {}),
        })
        .where(eq(schema.orders.id, move.order.id))
        .returning({ id: schema.orders.id }),
    );
  };
  await tx
    .with(...updates, ...(orderMove ? [orderUpdate(orderMove)] : []))
    .insert(schema.orderStatusHistory)
    .values([
      ...moves.map(({ item, to }) => ({
        orderId,
        itemId: item.id,
        fromStatus: item.status as TItemStatus,
        toStatus: to,
        reason,
        actor,
      })),
      ...(orderMove
        ? [
            {
              orderId: orderMove.order.id,
              fromStatus: orderMove.order.status as TOrderStatus,
              toStatus: orderMove.to,
              reason,
              actor,
            },
          ]
        : []),
    ]);
};

/** Whether an order may move to a status (bulk actions check every order before changing any). */
export const orderCanMove = (from: string, to: TOrderStatus): boolean =>
  (ORDER_TRANSITIONS[from as TOrderStatus] ?? []).includes(to);
