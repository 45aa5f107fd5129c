import { RETURN_MESSAGES, type TCreateReturnRequest, type TReturn } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { eq } from "drizzle-orm";
import { conflict, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { type ItemRow, orderRowFor } from "../orders/orders.service";
import { detailOf } from "./read.service";
import { alreadyReturned, lockOrder, oi, r, rh, rl, shippedPieces, unitValue } from "./returns-rows";
import { raiseReturnEvent } from "./state";

/** Creating a return: only shipped pieces, each line at most what shipped less what other returns take. */

/**
 * POST /returns (returns/createReturn): chosen lines and quantities of one order the caller sees.
 * Only shipped pieces come back: an order with nothing shipped is a 409; under the order's row lock
 * (two returns of one order are counted one after the other), each line must be on the order, not
 * cancelled, and at most what has shipped minus what other returns (not cancelled) already take;
 * every refusal names its line and nothing is written.
 */
export const createReturn = async (db: HubDb, p: Principal, body: TCreateReturnRequest): Promise<TReturn> => {
  const visible = await orderRowFor(db, p, body.orderId);
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, visible.id);
    if (order.status === "cancelled")
      throw conflict(`Order ${order.orderNumber} is cancelled, so nothing on it can be returned.`, {
        orderId: `Order ${order.orderNumber} is cancelled`,
      });
    const rows = await tx.select().from(oi).where(eq(oi.orderId, order.id));
    const items = new Map(rows.map((item) => [item.id, item] as const));
    const shipped = await shippedPieces(tx, rows);
    if (![...shipped.values()].some((n) => n > 0))
      throw conflict(RETURN_MESSAGES.nothingShipped(order.orderNumber), {
        orderId: `Nothing on order ${order.orderNumber} has shipped yet`,
      });
    const returned = await alreadyReturned(tx, order.id);
    const fields: Record<string, string> = {};
    const messages: string[] = [];
    const seen = new Set<number>();
    const refuse = (i: number, field: "itemId" | "quantity", message: string, who: string) => {
      fields[`lines.${i}.${field}`] = message;
      messages.push(`${who}: ${message}`);
    };
    for (const [i, line] of body.lines.entries()) {
      const item = items.get(line.itemId);
      if (!item) {
        refuse(i, "itemId", `Not a line of order ${order.orderNumber}.`, `Line ${i + 1}`);
        continue;
      }
      const who = `Line ${item.lineNumber} (${item.sku})`;
      if (seen.has(item.id)) refuse(i, "itemId", "This line is already in the return.", who);
      else if (item.status === "cancelled")
        refuse(i, "itemId", "This line was cancelled, so it cannot be returned.", who);
      else {
        seen.add(item.id);
        const already = returned.get(item.id) ?? 0;
        const out = shipped.get(item.id) ?? 0;
        const left = out - already;
        if (line.quantity > left)
          refuse(
            i,
            "quantity",
            out === 0
              ? RETURN_MESSAGES.lineNotShipped
              : left <= 0
                ? `Nothing is left to return (${out} shipped, ${already} already returned).`
                : `At most ${left} can be returned (${out} shipped, ${already} already returned).`,
            who,
          );
      }
    }
    if (messages.length > 0)
      throw new HttpError(
        400,
        "VALIDATION",
        messages.length === 1
          ? (messages[0] as string)
          : `${messages.length} lines cannot be returned: ${messages.join(" ")}`,
        fields,
      );
    const [ret] = await tx
      .insert(r)
      .values({
        orderId: order.id,
        orderNumber: order.orderNumber,
        clientId: order.clientId,
        clientName: order.clientName,
        factoryId: order.factoryId,
        reasonCode: body.reasonCode,
        note: body.note ?? null,
        requestedBy: p.userName,
      })
      .returning({ id: r.id, rmaNumber: r.rmaNumber });
    if (!ret) throw new Error("return insert failed");
    await tx.insert(rl).values(
      body.lines.map((line) => {
        const item = items.get(line.itemId) as ItemRow;
        return { returnId: ret.id, itemId: item.id, quantity: line.quantity, unitValueCents: unitValue(item) };
      }),
    );
    await tx.insert(rh).values({
      returnId: ret.id,
      fromStatus: null,
      toStatus: "requested",
      reason: body.note ?? null,
      actor: p.userName,
    });
    await raiseReturnEvent(
      tx,
      { id: ret.id, rmaNumber: ret.rmaNumber, clientId: order.clientId, orderId: order.id },
      "return.requested",
      { reasonCode: body.reasonCode, lines: body.lines },
    );
    return ret.id;
  });
  return detailOf(db, id);
};
