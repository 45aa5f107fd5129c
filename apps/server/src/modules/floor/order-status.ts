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
): Promise<void> => {
  const from = order.status as TOrderStatus;
  if (!(ORDER_TRANSITIONS[from] ?? []).includes(to)) {
    throw conflict(`Order ${order.orderNumber} is ${label(from)}, so it cannot be ${label(to)}.`, {
      status: from,
    });
  }
  // The move and its history row in one statement.
  const moved = tx.$with("moved").as(
    tx
      .update(schema.orders)
      .set({
        status: to,
        updatedAt: new Date(),
        // An order the shipping platform has (or was to have) is sent again, so its copy says cancelled or shipped.
        ...(to === "cancelled" || to === "shipped"
          ? { platformPush: sql`case when ${schema.orders.platformPush} is null then null else 'pending' end` }
          : {}),
      })
      .where(eq(schema.orders.id, order.id))
      .returning({ id: schema.orders.id }),
  );
  await tx
    .with(moved)
    .insert(schema.orderStatusHistory)
    .values({ orderId: order.id, fromStatus: from, toStatus: to, reason, actor });
};

/**
 * Several lines of one order at once: every move is checked first (the first refused one is the
 * 409, and nothing changes), then one update per target status and one insert of their history rows.
 */
export const transitionItems = async (
  tx: HubTx,
  orderId: number,
  moves: readonly { item: { id: number; lineNumber: number; status: string }; to: TItemStatus }[],
  actor: string,
  reason: string | null,
): Promise<void> => {
  for (const { item, to } of moves) {
    const from = item.status as TItemStatus;
    if (!(ITEM_TRANSITIONS[from] ?? []).includes(to))
      throw conflict(`Line ${item.lineNumber} is ${label(from)}, so it cannot be ${label(to)}.`, { status: from });
  }
  if (moves.length === 0) return;
  const now = new Date();
  // One update a target status and the history rows, in one statement.
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
  await tx
    .with(...updates)
    .insert(schema.orderStatusHistory)
    .values(
      moves.map(({ item, to }) => ({
        orderId,
        itemId: item.id,
        fromStatus: item.status as TItemStatus,
        toStatus: to,
        reason,
        actor,
      })),
    );
};

/** Whether an order may move to a status (bulk actions check every order before changing any). */
export const orderCanMove = (from: string, to: TOrderStatus): boolean =>
  (ORDER_TRANSITIONS[from as TOrderStatus] ?? []).includes(to);
