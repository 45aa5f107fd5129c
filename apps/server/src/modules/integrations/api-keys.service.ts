import { randomBytes } from "node:crypto";
import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TApiKeyList, TApiKeyWhoami } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { forbidden, notFound } from "../../platform/errors";
import { hashApiKey, type Principal } from "../../platform/principal";
import { adminClientId } from "./scope";

const k = schema.apiKeys;
/** Characters of the key kept in clear to tell keys apart: "hub_test_" and 4 random ones. */
const PREFIX_LENGTH = 13;

const columns = {
  id: k.id,
  mode: k.mode,
  name: k.name,
  prefix: k.prefix,
  createdBy: schema.users.userName,
  createdAt: k.createdAt,
  lastUsedAt: k.lastUsedAt,
  revokedAt: k.revokedAt,
};
type Row = {
  id: number;
  mode: string;
  name: string;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const toApiKey = (r: Row): TApiKey => ({
  id: r.id,
  mode: r.mode === "live" ? "live" : "test",
  name: r.name,
  prefix: r.prefix,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

const selectKeys = (db: HubDb) =>
  db.select(columns).from(k).leftJoin(schema.users, eq(schema.users.userId, k.createdBy));

/** GET /apiKeys: the acting client's keys, newest first, never the key itself. */
export const listApiKeys = async (db: HubDb, p: Principal): Promise<TApiKeyList> => {
  const clientId = adminClientId(p);
  const rows = await selectKeys(db).where(eq(k.clientId, clientId)).orderBy(desc(k.createdAt), desc(k.id));
  return { items: rows.map(toApiKey) };
};

/** POST /apiKeys: a new random key; the answer is the only place it ever appears. */
export const createApiKey = async (db: HubDb, p: Principal, body: TApiKeyCreate): Promise<TApiKeyCreated> => {
  const clientId = adminClientId(p);
  const key = `hub_${body.mode}_${randomBytes(24).toString("base64url")}`;
  const prefix = key.slice(0, PREFIX_LENGTH);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(k)
      .values({
        clientId,
        mode: body.mode,
        name: body.name,
        prefix,
        keyHash: hashApiKey(key),
        createdBy: p.userId > 0 ? p.userId : null,
      })
      .returning({ id: k.id });
    if (!row) throw new Error("api key insert failed");
    await recordAudit(tx, {
      actor: p.userName,
      action: "apiKey.create",
      subject: `apiKey:${row.id}`,
      detail: { clientId, mode: body.mode, name: body.name, prefix },
    });
    return row;
  });
  const [row] = await selectKeys(db).where(eq(k.id, created.id));
  if (!row) throw new Error("api key read-back failed");
  return { ...toApiKey(row), key };
};

/** DELETE /apiKeys/:id: revokes a key of the acting client (another client's key answers 404). */
export const revokeApiKey = async (db: HubDb, p: Principal, id: number): Promise<TApiKey> => {
  const clientId = adminClientId(p);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: k.id, revokedAt: k.revokedAt, prefix: k.prefix })
      .from(k)
      .where(and(eq(k.id, id), eq(k.clientId, clientId)));
    if (!row) throw notFound("That API key");
    if (row.revokedAt) return;
    await tx
      .update(k)
      .set({ revokedAt: new Date() })
      .where(and(eq(k.id, id), isNull(k.revokedAt)));
    await recordAudit(tx, {
      actor: p.userName,
      action: "apiKey.revoke",
      subject: `apiKey:${id}`,
      detail: { clientId, prefix: row.prefix },
    });
  });
  const [row] = await selectKeys(db).where(eq(k.id, id));
  if (!row) throw notFound("That API key");
  return toApiKey(row);
};

/** GET /apiKeys/whoami: the client an API key acts as. ID tokens are refused: this is the keys' check. */
export const whoami = async (db: HubDb, p: Principal): Promise<TApiKeyWhoami> => {
  if (!p.apiKey || p.clientId === null) throw forbidden("Call this endpoint with an API key.");
  const [client] = await db
    .select({
      clientId: schema.clients.clientId,
      clientName: schema.clients.clientName,
      siteName: schema.clients.siteName,
    })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, p.clientId));
  if (!client) throw notFound("That client");
  return { ...client, keyId: p.apiKey.id, mode: p.apiKey.mode };
};
