import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { orderRowFor } from "./read.service";
import { h, iso, oi } from "./rows";

/** An order's comments, issues and history. */

export const listComments = async (db: HubDb, p: Principal, id: number) => {
  const row = await orderRowFor(db, p, id);
  const c = schema.orderComments;
  const rows = await db.select().from(c).where(eq(c.orderId, row.id)).orderBy(asc(c.id));
  return { items: rows.map((r) => ({ id: r.id, author: r.author, body: r.body, at: iso(r.at) })) };
};

export const addComment = async (db: HubDb, p: Principal, id: number, body: string) => {
  const row = await orderRowFor(db, p, id);
  const c = schema.orderComments;
  const [r] = await db
    .insert(c)
    .values({ orderId: row.id, author: p.userName, authorUserId: p.userId || null, body })
    .returning();
  if (!r) throw new Error("comment insert failed");
  return { id: r.id, author: r.author, body: r.body, at: iso(r.at) };
};

type IssueRow = typeof schema.orderIssues.$inferSelect;
const toIssue = (r: IssueRow) => ({
  id: r.id,
  itemId: r.itemId,
  raisedBy: r.raisedBy,
  body: r.body,
  response: r.response,
  respondedBy: r.respondedBy,
  respondedAt: r.respondedAt ? iso(r.respondedAt) : null,
  resolved: r.resolved,
  at: iso(r.at),
});

export const listIssues = async (db: HubDb, p: Principal, id: number) => {
  const row = await orderRowFor(db, p, id);
  const i = schema.orderIssues;
  return { items: (await db.select().from(i).where(eq(i.orderId, row.id)).orderBy(asc(i.id))).map(toIssue) };
};

export const raiseIssue = async (db: HubDb, p: Principal, id: number, body: string, itemId: number | undefined) => {
  const row = await orderRowFor(db, p, id);
  if (itemId !== undefined) {
    const [item] = await db
      .select({ id: oi.id })
      .from(oi)
      .where(and(eq(oi.id, itemId), eq(oi.orderId, row.id)));
    if (!item) throw badRequest("That line is not on this order.", { itemId: "Not a line of this order" });
  }
  const [r] = await db
    .insert(schema.orderIssues)
    .values({ orderId: row.id, itemId: itemId ?? null, raisedBy: p.userName, body })
    .returning();
  if (!r) throw new Error("issue insert failed");
  return toIssue(r);
};

export const updateIssue = async (
  db: HubDb,
  p: Principal,
  id: number,
  issueId: number,
  change: { response: string } | { resolved: true },
) => {
  const row = await orderRowFor(db, p, id);
  const i = schema.orderIssues;
  const [r] = await db
    .update(i)
    .set(
      "response" in change
        ? { response: change.response, respondedBy: p.userName, respondedAt: new Date() }
        : { resolved: true },
    )
    .where(and(eq(i.id, issueId), eq(i.orderId, row.id)))
    .returning();
  if (!r) throw notFound("That issue");
  return toIssue(r);
};

export const listHistory = async (db: HubDb, p: Principal, id: number) => {
  const row = await orderRowFor(db, p, id);
  const rows = await db
    .select({
      id: h.id,
      itemId: h.itemId,
      lineNumber: oi.lineNumber,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      reason: h.reason,
      actor: h.actor,
      at: h.at,
    })
    .from(h)
    .leftJoin(oi, eq(oi.id, h.itemId))
    .where(eq(h.orderId, row.id))
    .orderBy(asc(h.id));
  return { items: rows.map((r) => ({ ...r, at: iso(r.at) })) };
};
