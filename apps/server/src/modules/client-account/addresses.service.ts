import type { TAddress, TAddressRequestParsed } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, desc, eq, ne, or, type SQL } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

const a = schema.addresses;
type Row = typeof a.$inferSelect;

const ownerOf = (row: Row): "me" | "client" => (row.userId !== null ? "me" : "client");

const canWrite = (me: Principal, row: Row) =>
  row.userId !== null
    ? row.userId === me.userId
    : row.clientId !== null && row.clientId === me.clientId && me.isClientAdmin;

const toAddress = (me: Principal, row: Row): TAddress => ({
  id: row.id,
  owner: ownerOf(row),
  label: row.label,
  name: row.name,
  company: row.company,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
  isDefault: row.isDefault,
  active: row.active,
  editable: canWrite(me, row),
});

/** The rows the caller may read: its own, and its client's. */
const visible = (me: Principal): SQL => {
  const mine = eq(a.userId, me.userId);
  return me.clientId !== null ? (or(mine, eq(a.clientId, me.clientId)) as SQL) : mine;
};

const ownerWhere = (row: { userId: number | null; clientId: number | null }): SQL =>
  row.userId !== null ? eq(a.userId, row.userId) : eq(a.clientId, row.clientId ?? -1);

/** Keeps one default per owner: the given row becomes it, every other one of the owner stops being it. */
const makeOnlyDefault = async (tx: HubTx, row: Row) => {
  await tx
    .update(a)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(ownerWhere(row), ne(a.id, row.id), eq(a.isDefault, true)));
};

export const listAddresses = async (db: HubDb, me: Principal): Promise<TAddress[]> => {
  const rows = await db
    .select()
    .from(a)
    .where(visible(me))
    .orderBy(asc(a.clientId), desc(a.isDefault), asc(a.label), asc(a.id));
  return rows.map((r) => toAddress(me, r));
};

const ownerFor = (me: Principal, owner: "me" | "client") => {
  if (owner === "me") return { userId: me.userId, clientId: null };
  if (me.clientId === null) throw forbidden("You are not part of a client.");
  if (!me.isClientAdmin) throw forbidden("Only your client's admin can change the client's addresses.");
  return { userId: null, clientId: me.clientId };
};

const values = (input: TAddressRequestParsed) => ({
  label: input.label,
  name: input.name,
  company: input.company ?? null,
  line1: input.line1,
  line2: input.line2 ?? null,
  city: input.city,
  region: input.region ?? null,
  postalCode: input.postalCode,
  country: input.country,
  phone: input.phone ?? null,
  active: input.active,
});

export const createAddress = async (db: HubDb, me: Principal, input: TAddressRequestParsed): Promise<TAddress> =>
  db.transaction(async (tx) => {
    const owner = ownerFor(me, input.owner);
    const [existingDefault] = await tx
      .select({ id: a.id })
      .from(a)
      .where(and(ownerWhere(owner), eq(a.isDefault, true)))
      .limit(1);
    // The first address of an owner is its default.
    const isDefault = input.isDefault || !existingDefault;
    const [row] = await tx
      .insert(a)
      .values({ ...owner, ...values(input), isDefault })
      .returning();
    if (!row) throw new Error("address insert failed");
    if (row.isDefault) await makeOnlyDefault(tx, row);
    return toAddress(me, row);
  });

/** The row, if the caller may read it (404 otherwise) and write it (403 otherwise). */
const writableRow = async (tx: HubTx, me: Principal, id: number): Promise<Row> => {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, id), visible(me)))
    .for("update");
  if (!row) throw notFound("That address");
  if (!canWrite(me, row)) throw forbidden("Only your client's admin can change the client's addresses.");
  return row;
};

export const updateAddress = async (
  db: HubDb,
  me: Principal,
  id: number,
  input: TAddressRequestParsed,
): Promise<TAddress> =>
  db.transaction(async (tx) => {
    const current = await writableRow(tx, me, id);
    if (input.owner !== ownerOf(current)) {
      throw badRequest("An address cannot move to another owner.", {
        owner: "An address cannot move to another owner",
      });
    }
    const [row] = await tx
      .update(a)
      .set({ ...values(input), isDefault: input.isDefault || current.isDefault, updatedAt: new Date() })
      .where(eq(a.id, id))
      .returning();
    if (!row) throw notFound("That address");
    if (input.isDefault) await makeOnlyDefault(tx, row);
    return toAddress(me, row);
  });

export const deleteAddress = async (db: HubDb, me: Principal, id: number): Promise<void> => {
  await db.transaction(async (tx) => {
    const row = await writableRow(tx, me, id);
    await tx.delete(a).where(eq(a.id, id));
    if (row.isDefault) {
      // Another address of the owner (active ones first) takes over as default.
      const [next] = await tx.select().from(a).where(ownerWhere(row)).orderBy(desc(a.active), asc(a.id)).limit(1);
      if (next) await tx.update(a).set({ isDefault: true, updatedAt: new Date() }).where(eq(a.id, next.id));
    }
    await recordAudit(tx, {
      actor: me.userName,
      action: "address.delete",
      subject: `address:${id}`,
      detail: { owner: ownerOf(row), userId: row.userId, clientId: row.clientId, label: row.label },
    });
  });
};
