import {
  CLIENT_MESSAGES,
  type TClient,
  type TClientDetail,
  type TClientFormOptions,
  type TClientLimited,
  type TClientListQuery,
  type TClientPage,
  type TClientRequest,
  type TClientSiteData,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { toCsv } from "../../platform/csv";
import { isForeignKeyViolation, isUniqueViolation } from "../../platform/db-errors";
import { conflict, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";

const c = schema.clients;

/**
 * Which clients a principal may see: the tenant rule (platform/tenant-scope.ts) over the client's
 * own row (facility users the clients their facility serves, a client user its own), except that
 * an internal admin sees every client even with a session client chosen (the switcher lists them).
 */
export const clientScope = (p: Principal): SQL | undefined =>
  p.isInternal ? undefined : tenantScope(p, { clientId: c.clientId, factoryId: c.factoryId });

const columns = {
  clientId: c.clientId,
  clientName: c.clientName,
  siteName: c.siteName,
  subscriptionId: c.subscriptionId,
  subscriptionName: schema.subscriptions.name,
  factoryId: c.factoryId,
  factoryName: schema.factories.name,
  active: c.active,
  createdAt: c.createdAt,
};

type Row = Omit<TClient, "createdAt"> & { createdAt: Date };

const toClient = (r: Row): TClient => ({ ...r, createdAt: r.createdAt.toISOString() });

const selectClients = (db: HubDb | HubTx) =>
  db
    .select(columns)
    .from(c)
    .leftJoin(schema.subscriptions, eq(schema.subscriptions.subscriptionId, c.subscriptionId))
    .leftJoin(schema.factories, eq(schema.factories.factoryId, c.factoryId));

const SORTABLE = { clientName: c.clientName, siteName: c.siteName, createdAt: c.createdAt, active: c.active };

/** The clients list's filter and order, shared by the page and the CSV export. */
const clientsFilter = (p: Principal, q: Omit<TClientListQuery, "page" | "size">) => ({
  where: and(clientScope(p), searchAny(q.searchString, [c.clientName, c.siteName])),
  order: orderByFor(q.sort, SORTABLE, ["clientName", "asc"], c.clientId),
});

/** GET /clients/export.csv: every client the list's search finds, in its order. */
export const exportClientsCsv = async (
  db: HubDb,
  p: Principal,
  q: Omit<TClientListQuery, "page" | "size">,
): Promise<string> => {
  const { where, order } = clientsFilter(p, q);
  const rows = await selectClients(db)
    .where(where)
    .orderBy(...order)
    .limit(100_000);
  return toCsv(
    ["Client", "Site name", "Subscription", "Facility", "Status", "Created"],
    rows.map((r) => [
      r.clientName,
      r.siteName,
      r.subscriptionName,
      r.factoryName,
      r.active ? "Active" : "Inactive",
      r.createdAt.toISOString(),
    ]),
  );
};

/** GET /clients: one page, searched over client and site name, sorted by a known field. */
export const listClients = async (db: HubDb, p: Principal, q: TClientListQuery): Promise<TClientPage> => {
  const { where, order } = clientsFilter(p, q);
  const rows = await selectClients(db)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(c).where(where);
  return toPage(rows.map(toClient), total?.n ?? 0, q);
};

const userCountOf = async (db: HubDb | HubTx, clientId: number): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(schema.users).where(eq(schema.users.clientId, clientId));
  return row?.n ?? 0;
};

/** One client in the caller's scope; out of scope answers 404 like an unknown id. */
export const getClient = async (db: HubDb | HubTx, p: Principal, clientId: number): Promise<TClientDetail> => {
  const [row] = await selectClients(db).where(and(eq(c.clientId, clientId), clientScope(p)));
  if (!row) throw notFound("That client");
  return { ...toClient(row), userCount: await userCountOf(db, clientId) };
};

const siteNameTaken = () => conflict(CLIENT_MESSAGES.siteNameTaken, { siteName: CLIENT_MESSAGES.siteNameTaken });

/** Whether another client already uses the site name (compared case-insensitively, as the unique index does). */
export const isSiteNameTaken = async (db: HubDb | HubTx, siteName: string, exceptId?: number): Promise<boolean> => {
  const same = sql`lower(${c.siteName}) = lower(${siteName})`;
  const [clash] = await db
    .select({ clientId: c.clientId })
    .from(c)
    .where(exceptId === undefined ? same : and(same, ne(c.clientId, exceptId)))
    .limit(1);
  return Boolean(clash);
};

const assertSiteNameFree = async (db: HubDb | HubTx, siteName: string, exceptId?: number) => {
  if (await isSiteNameTaken(db, siteName, exceptId)) throw siteNameTaken();
};

const checkReferences = async (db: HubDb | HubTx, body: TClientRequest) => {
  if (body.subscriptionId !== null) {
    const [s] = await db
      .select({ id: schema.subscriptions.subscriptionId })
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.subscriptionId, body.subscriptionId));
    if (!s) throw notFound("That subscription");
  }
  if (body.factoryId !== null) {
    const [f] = await db
      .select({ id: schema.factories.factoryId })
      .from(schema.factories)
      .where(eq(schema.factories.factoryId, body.factoryId));
    if (!f) throw notFound("That facility");
  }
};

const values = (body: TClientRequest) => ({
  clientName: body.clientName,
  siteName: body.siteName,
  subscriptionId: body.subscriptionId,
  factoryId: body.factoryId,
  active: body.active,
});

/** POST /client: a new client; the site name must be free in any case. Audited. */
export const createClient = async (db: HubDb, p: Principal, body: TClientRequest): Promise<TClientDetail> => {
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, body);
      await assertSiteNameFree(tx, body.siteName);
      const [created] = await tx.insert(c).values(values(body)).returning({ clientId: c.clientId });
      if (!created) throw new Error("client insert failed");
      await recordAudit(tx, {
        actor: p.userName,
        action: "client.create",
        subject: `client:${created.clientId}`,
        detail: values(body),
      });
      return getClient(tx, p, created.clientId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw siteNameTaken();
    throw error;
  }
};

/** PUT /client/:id: changes a client in the caller's scope. Audited with what changed. */
export const updateClient = async (
  db: HubDb,
  p: Principal,
  clientId: number,
  body: TClientRequest,
): Promise<TClientDetail> => {
  try {
    return await db.transaction(async (tx) => {
      const before = await getClient(tx, p, clientId);
      await checkReferences(tx, body);
      await assertSiteNameFree(tx, body.siteName, clientId);
      await tx.update(c).set(values(body)).where(eq(c.clientId, clientId));
      const next = values(body);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        if (before[key] !== next[key]) changes[key] = { from: before[key], to: next[key] };
      }
      await recordAudit(tx, {
        actor: p.userName,
        action: "client.update",
        subject: `client:${clientId}`,
        detail: { changes },
      });
      return getClient(tx, p, clientId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw siteNameTaken();
    throw error;
  }
};

const deleteInTransaction = (db: HubDb, p: Principal, clientId: number) =>
  db.transaction(async (tx) => {
    const before = await getClient(tx, p, clientId);
    // Hold the row so a user cannot join between the count and the delete.
    await tx.select({ id: c.clientId }).from(c).where(eq(c.clientId, clientId)).for("update");
    const users = await userCountOf(tx, clientId);
    if (users > 0) {
      throw conflict(
        `${before.clientName} still has ${users} ${users === 1 ? "user" : "users"}. Move or remove ${users === 1 ? "that user" : "those users"} before deleting the client.`,
      );
    }
    await tx.delete(c).where(eq(c.clientId, clientId));
    await recordAudit(tx, {
      actor: p.userName,
      action: "client.delete",
      subject: `client:${clientId}`,
      detail: { clientName: before.clientName, siteName: before.siteName },
    });
  });

/** DELETE /client/:id: refused while users belong to the client; otherwise gone, and audited. */
export const deleteClient = async (db: HubDb, p: Principal, clientId: number): Promise<void> => {
  try {
    await deleteInTransaction(db, p, clientId);
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw conflict("Other records still belong to this client, so it cannot be deleted.");
    throw error;
  }
};

const limited = { clientId: c.clientId, clientName: c.clientName, siteName: c.siteName };

/** GET /getAllClientsLimitedData: internal users every active client; others their scope. */
export const limitedClients = async (db: HubDb, p: Principal): Promise<TClientLimited[]> =>
  db
    .select(limited)
    .from(c)
    .where(p.isInternal ? eq(c.active, true) : clientScope(p))
    .orderBy(asc(c.clientName), asc(c.clientId));

/** GET /getClientDataForSiteName: the client of a site in the caller's scope, else 404. */
export const clientForSiteName = async (db: HubDb, p: Principal, siteName: string): Promise<TClientSiteData> => {
  const [row] = await db
    .select({ ...limited, subscriptionId: c.subscriptionId, active: c.active })
    .from(c)
    .where(and(sql`lower(${c.siteName}) = lower(${siteName})`, clientScope(p)));
  if (!row) throw notFound("That client");
  return { ...row, subscription_id: row.subscriptionId };
};

/** The selects of the client form: plans and facilities. */
export const clientFormOptions = async (db: HubDb): Promise<TClientFormOptions> => ({
  subscriptions: await db
    .select({
      subscriptionId: schema.subscriptions.subscriptionId,
      name: schema.subscriptions.name,
      level: schema.subscriptions.level,
    })
    .from(schema.subscriptions)
    .orderBy(asc(schema.subscriptions.level), asc(schema.subscriptions.name)),
  factories: await db
    .select({ factoryId: schema.factories.factoryId, name: schema.factories.name })
    .from(schema.factories)
    .orderBy(asc(schema.factories.name)),
});
