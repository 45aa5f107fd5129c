import {
  MESSAGE_KINDS,
  type TMessage,
  type TMessagePage,
  type TMessagePrefs,
  type TMessagePrefsRequest,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

/** A person's own inbox: read, mark read, and which kinds also come by email. Another person's message is a 404. */

const m = schema.userMessages;
const r = schema.userMessageRecipients;
const prefs = schema.userMessagePrefs;

const columns = {
  id: m.id,
  kind: m.kind,
  title: m.title,
  body: m.body,
  link: m.link,
  createdAt: m.createdAt,
  readAt: r.readAt,
};
type Row = {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
};
const toMessage = (row: Row): TMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export const unreadCount = async (db: HubDb, p: Principal): Promise<{ unread: number }> => {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.userId, p.userId), isNull(r.readAt)));
  return { unread: row?.n ?? 0 };
};

export const listMessages = async (
  db: HubDb,
  p: Principal,
  q: { page: number; size: number; unread: boolean },
): Promise<TMessagePage> => {
  const where = and(eq(r.userId, p.userId), q.unread ? isNull(r.readAt) : undefined);
  const rows = await db
    .select(columns)
    .from(r)
    .innerJoin(m, eq(m.id, r.messageId))
    .where(where)
    .orderBy(desc(r.messageId))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(r).where(where);
  return {
    items: rows.map(toMessage),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    unread: (await unreadCount(db, p)).unread,
  };
};

export const markRead = async (db: HubDb, p: Principal, id: number): Promise<TMessage> => {
  await db
    .update(r)
    .set({ readAt: sql`coalesce(${r.readAt}, now())` })
    .where(and(eq(r.messageId, id), eq(r.userId, p.userId)));
  const [row] = await db
    .select(columns)
    .from(r)
    .innerJoin(m, eq(m.id, r.messageId))
    .where(and(eq(r.messageId, id), eq(r.userId, p.userId)));
  if (!row) throw notFound("That message");
  return toMessage(row);
};

export const markAllRead = async (db: HubDb, p: Principal): Promise<{ unread: number }> => {
  await db
    .update(r)
    .set({ readAt: new Date() })
    .where(and(eq(r.userId, p.userId), isNull(r.readAt)));
  return { unread: 0 };
};

export const readPrefs = async (db: HubDb, p: Principal): Promise<TMessagePrefs> => {
  const rows = await db.select().from(prefs).where(eq(prefs.userId, p.userId));
  const email = new Map(rows.map((x) => [x.kind, x.email]));
  return { items: MESSAGE_KINDS.map((k) => ({ kind: k.kind, label: k.label, email: email.get(k.kind) ?? false })) };
};

/** Saves the kinds given (the others keep theirs), in one statement. */
export const savePrefs = async (db: HubDb, p: Principal, body: TMessagePrefsRequest): Promise<TMessagePrefs> => {
  if (body.items.length > 0)
    await db
      .insert(prefs)
      .values(body.items.map((x) => ({ userId: p.userId, kind: x.kind, email: x.email })))
      .onConflictDoUpdate({ target: [prefs.userId, prefs.kind], set: { email: sql`excluded.email` } });
  return readPrefs(db, p);
};
