import type { TLibraryListQuery, TLookupItem, TLookupQuery, TPage } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { recordAudit } from "../audit";
import { toCsv } from "../csv";
import { isForeignKeyViolation, isUniqueViolation } from "../db-errors";
import { conflict, HttpError, notFound } from "../errors";
import { orderByFor, searchAny, searchStored, toPage } from "../paging";
import type { Principal } from "../principal";
import { type BaseTable, type ResourceDef, type Row, resourceKey } from "./resource";

/** Dates become ISO strings on the wire; `numeric` columns already come back as numbers. */
export const toWire = (row: Row): Row => {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
};

const noun = (r: { noun: string }) => `That ${r.noun}`;

/** A number the request names under `field` (the owner it asks for), if any. */
const requestedNumber = (req: unknown, field: string): number | undefined => {
  if (typeof req !== "object" || req === null) return undefined;
  const value: unknown = Reflect.get(req, field);
  return typeof value === "number" ? value : undefined;
};

const requestedText = (req: unknown, field: string): string | undefined => {
  if (typeof req !== "object" || req === null) return undefined;
  const value: unknown = Reflect.get(req, field);
  return typeof value === "string" ? value : undefined;
};

/** The plain functions behind a resource's routes, for other services to reuse (stock, composition). */
export const resourceService = <TReq, TDetail, K extends string>(r: ResourceDef<TReq, TDetail, K>) => {
  const key = resourceKey(r.api);
  const t: BaseTable = r.table;
  const ownerColumn: PgColumn = r.table[r.owner.key];
  const scopeOf = (p: Principal): SQL | undefined => {
    const own = r.owner.read(p, ownerColumn);
    if (own === undefined) return undefined;
    const more = r.readScope?.(p);
    return more ? or(own, more) : own;
  };
  const base = (db: HubDb | HubTx) => {
    const q = db.select(r.columns).from(t).$dynamic();
    return r.joins ? r.joins(q) : q;
  };
  const archivedFilter = (mode: TLibraryListQuery["archived"]): SQL | undefined => {
    if (!t.archived || mode === "all") return undefined;
    return eq(t.archived, mode === "only");
  };
  const searchOf = (searchString: string | undefined): SQL | undefined => {
    return r.searchText ? searchStored(searchString, r.searchText) : searchAny(searchString, r.search);
  };
  const narrowOf = async (db: HubDb, p: Principal, q: Record<string, unknown>): Promise<SQL | undefined> =>
    r.narrow ? r.narrow(db, p, q) : undefined;
  const whereOf = async (db: HubDb, p: Principal, q: TLibraryListQuery) =>
    and(scopeOf(p), await narrowOf(db, p, q), r.filter, archivedFilter(q.archived), searchOf(q.searchString));

  const list = async (db: HubDb, p: Principal, q: TLibraryListQuery): Promise<TPage<Row>> => {
    const where = await whereOf(db, p, q);
    const order = orderByFor(q.sort, r.sortable, r.defaultSort, t.id);
    const rows = (await base(db)
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset(q.page * q.size)) as Row[];
    const countQuery = db.select({ n: count() }).from(t).$dynamic();
    const needsJoins = Boolean(q.searchString?.trim()) && r.joins;
    const [total] = (await (needsJoins && r.joins ? r.joins(countQuery) : countQuery).where(where)) as { n: number }[];
    return toPage(rows.map(toWire), Number(total?.n ?? 0), q);
  };

  const exportCsv = async (db: HubDb, p: Principal, q: TLibraryListQuery): Promise<string> => {
    const rows = (await base(db)
      .where(await whereOf(db, p, q))
      .orderBy(...orderByFor(q.sort, r.sortable, r.defaultSort, t.id))
      .limit(200_000)) as Row[];
    return toCsv(
      r.csv.map((c) => c.header),
      rows.map((row) => r.csv.map((c) => c.value(toWire(row)))),
    );
  };

  const lookup = async (db: HubDb, p: Principal, q: TLookupQuery): Promise<TLookupItem[]> => {
    const ids = q.ids ? q.ids.split(",").map(Number).slice(0, 500) : null;
    const archived = t.archived ?? sql<boolean>`false`;
    const narrow = ids ? undefined : await narrowOf(db, p, q);
    const rows = await db
      .select({ id: sql<number>`${t.id}`, label: sql<string>`${r.label}`, archived: sql<boolean>`${archived}` })
      .from(t)
      .where(
        and(
          scopeOf(p),
          narrow,
          r.filter,
          ids ? inArray(t.id, ids) : t.archived ? eq(t.archived, false) : undefined,
          ids ? undefined : searchAny(q.searchString, [r.label]),
        ),
      )
      .orderBy(asc(r.label))
      .limit(ids ? 500 : q.size);
    return rows;
  };

  const getRow = async (db: HubDb | HubTx, p: Principal, id: number): Promise<Row> => {
    const [row] = (await base(db).where(and(eq(t.id, id), scopeOf(p), r.filter))) as Row[];
    if (!row) throw notFound(noun(r));
    return row;
  };

  /** The owner of a row the caller may change; 404 when it may not (or cannot see it). */
  const writableOwner = async (tx: HubTx, p: Principal, id: number): Promise<number> => {
    const [row] = await tx
      .select({ ownerId: sql<number>`${ownerColumn}` })
      .from(t)
      .where(and(eq(t.id, id), scopeOf(p), r.owner.write(p, ownerColumn), r.filter));
    if (!row) throw notFound(noun(r));
    return Number(row.ownerId);
  };

  /** The detail; its shape is the resource's detail schema, which the response serializer checks. */
  const get = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TDetail> => {
    const row = await getRow(db, p, id);
    return toWire({ ...row, ...(r.detail ? await r.detail(db, row) : {}) }) as TDetail;
  };

  const checkUnique = async (tx: HubTx, req: TReq, ownerId: number, selfId: number | null) => {
    const fields: Record<string, string> = {};
    for (const rule of r.unique) {
      const value = requestedText(req, rule.field);
      if (value === undefined) continue;
      const [hit] = await tx
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            eq(ownerColumn, ownerId),
            sql`lower(${rule.column}) = lower(${value})`,
            selfId === null ? undefined : sql`${t.id} <> ${selfId}`,
            rule.extra?.(req),
            r.filter,
          ),
        )
        .limit(1);
      if (hit) fields[rule.field] = rule.message;
    }
    const first = Object.values(fields)[0];
    if (first) throw conflict(first, fields);
  };

  const writeError = (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(`That ${r.noun} already exists.`);
    if (isForeignKeyViolation(error))
      throw conflict(`That ${r.noun} is still used elsewhere, so it cannot be changed this way.`);
    throw error;
  };

  const audit = (tx: HubTx, p: Principal, verb: string, id: number) =>
    recordAudit(tx, { actor: p.userName, action: `${r.audit}.${verb}`, subject: `${key}:${id}` });

  /** The row as people read it before a change, for the owner's history (undefined: the resource keeps none). */
  const before = (tx: HubTx, id: number) => (r.history ? r.history.describe(tx, id) : Promise.resolve(null));
  /** Keeps the change in the owner's history when the row reads differently after it. */
  const track = async (tx: HubTx, p: Principal, ownerId: number, id: number, from: string | null) => {
    if (!r.history) return;
    const to = await r.history.describe(tx, id);
    if (to !== from) await r.history.record(tx, { ownerId, actor: p.userName, from, to });
  };

  const create = async (db: HubDb, p: Principal, req: TReq): Promise<TDetail> => {
    const id = await db
      .transaction(async (tx) => {
        const ownerId = await r.owner.resolve(tx, p, requestedNumber(req, r.owner.key));
        await checkUnique(tx, req, ownerId, null);
        const values = await r.values(tx, req, ownerId, p);
        const [inserted] = (await tx
          .insert(t)
          .values({ ...values, [r.owner.key]: ownerId })
          .returning({ id: t.id })) as { id: number }[];
        if (!inserted) throw new Error("insert returned no row");
        await r.links?.(tx, inserted.id, req, ownerId);
        await audit(tx, p, "create", inserted.id);
        await track(tx, p, ownerId, inserted.id, null);
        return inserted.id;
      })
      .catch(writeError);
    return get(db, p, id);
  };

  /** `first` runs inside the update's transaction before it writes (a workspace tab's version bump). */
  const update = async (
    db: HubDb,
    p: Principal,
    id: number,
    req: TReq,
    first?: (tx: HubTx) => Promise<unknown>,
  ): Promise<TDetail> => {
    await db
      .transaction(async (tx) => {
        const ownerId = await writableOwner(tx, p, id);
        const was = await before(tx, id);
        await first?.(tx);
        await checkUnique(tx, req, ownerId, id);
        await r.beforeUpdate?.(tx, id, req, ownerId);
        const values = await r.values(tx, req, ownerId, p);
        await tx
          .update(t)
          .set({ ...values, ...(t.updatedAt ? { updatedAt: new Date() } : {}) })
          .where(eq(t.id, id));
        await r.links?.(tx, id, req, ownerId);
        await audit(tx, p, "update", id);
        await track(tx, p, ownerId, id, was);
      })
      .catch(writeError);
    return get(db, p, id);
  };

  const remove = async (db: HubDb, p: Principal, id: number): Promise<void> => {
    await db
      .transaction(async (tx) => {
        const ownerId = await writableOwner(tx, p, id);
        const reason = await r.usedBy?.(tx, id);
        if (reason) throw conflict(reason);
        const was = await before(tx, id);
        await tx.delete(t).where(eq(t.id, id));
        await audit(tx, p, "delete", id);
        await track(tx, p, ownerId, id, was);
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError) throw error;
        if (isForeignKeyViolation(error))
          throw conflict(`That ${r.noun} is still used, so it cannot be deleted. Archive it instead.`);
        throw error;
      });
  };

  const archive = async (db: HubDb, p: Principal, id: number, archived: boolean): Promise<TDetail> => {
    const column = t.archived;
    if (!column) throw new HttpError(400, "BAD_REQUEST", `A ${r.noun} cannot be archived.`);
    await db.transaction(async (tx) => {
      const ownerId = await writableOwner(tx, p, id);
      const was = await before(tx, id);
      await tx
        .update(t)
        .set({ archived, ...(t.updatedAt ? { updatedAt: new Date() } : {}) })
        .where(eq(t.id, id));
      await audit(tx, p, archived ? "archive" : "restore", id);
      await track(tx, p, ownerId, id, was);
    });
    return get(db, p, id);
  };

  return { list, exportCsv, lookup, get, getRow, create, update, remove, archive, scopeOf };
};
