import {
  LIBRARY_EDITOR_TYPES,
  type TLibraryListQuery,
  type TLookupItem,
  type TLookupQuery,
  type TPage,
  ZArchiveRequestSchema,
  ZDeletedSchema,
  ZIdParamsSchema,
  ZLibraryListQuerySchema,
  ZLookupListSchema,
  ZLookupQuerySchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, type Column, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type Access, principalOf } from "../../platform/access";
import { recordAudit } from "../../platform/audit";
import { sendCsv, toCsv } from "../../platform/csv";
import { conflict, errorResponses, HttpError, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { factoryScope, resolveOwnerFactory } from "./scope";

/**
 * The list/detail pattern of the manufacturing library, built once (issue 4 "Rules"). A resource
 * names its table, its list columns and joins, what may be searched and sorted, how a request
 * becomes column values, which codes must be unique, and what refuses a delete; `libraryResource`
 * turns that into the routes every library screen uses:
 *
 *   GET    /library/{key}             one page (page, size, sort, searchString, archived)
 *   GET    /library/{key}/export.csv  every row of the current filter, as CSV
 *   GET    /library/{key}/lookup      {id,label} for selects (searchString, or ids=1,2)
 *   GET    /library/{key}/:id         the detail the edit page loads
 *   POST   /library/{key}             create       PUT /library/{key}/:id  update
 *   DELETE /library/{key}/:id         delete, refused with a message naming what uses the row
 *   POST   /library/{key}/:id/archive {archived}: hide a row still referenced instead of deleting it
 */

type Row = Record<string, unknown>;
export type LibraryTable = PgTable & { id: PgColumn; factoryId: PgColumn; archived?: PgColumn; updatedAt?: PgColumn };

export type UniqueRule = { field: string; column: PgColumn; message: string; extra?: (req: Row) => SQL | undefined };

export type LibraryResource<TReq extends { factoryId?: number | undefined }, TDetail = Row> = {
  /** URL segment: /api/library/{key}. */
  key: string;
  /** Card-access route name that guards the resource (the nav item's card). */
  card: string;
  /** For messages: "That fabric was not found." */
  noun: string;
  table: LibraryTable;
  schemas: { request: z.ZodType<TReq>; item: z.ZodType; detail: z.ZodType<TDetail>; page: z.ZodType };
  /** The list's columns (every item field). */
  columns: SelectedFields;
  /** Left joins the columns need. */
  joins?: (q: PgSelect) => PgSelect;
  /** What a select shows for a row. */
  label: SQL;
  sortable: Record<string, Column | SQL>;
  defaultSort: [string, "asc" | "desc"];
  search: (Column | SQL)[];
  /**
   * A stored lower-cased text of the searched columns with a trigram index (large tables): the
   * search is then one LIKE on it, which the index serves, instead of ILIKE on each column.
   */
  searchText?: PgColumn;
  /** A fixed filter (threads: their kind). */
  filter?: SQL;
  /** Who reads beside editors; styles let client users read what is offered to them. */
  readScope?: (p: Principal) => SQL | undefined;
  /** The columns a request writes (factoryId excluded). */
  values: (tx: HubTx, req: TReq, factoryId: number, p: Principal) => Promise<Row>;
  /** Link tables to rewrite after the row is written (option attributes, profile members). */
  links?: (tx: HubTx, id: number, req: TReq, factoryId: number) => Promise<void>;
  unique: UniqueRule[];
  /** Extra fields of the detail. */
  detail?: (db: HubDb | HubTx, row: Row) => Promise<Row>;
  /** Why a delete is refused: null when nothing uses the row. */
  usedBy?: (db: HubDb | HubTx, id: number) => Promise<string | null>;
  csv: { header: string; value: (item: Row) => unknown }[];
  /** Called after a write commits (nothing by default). */
  access?: { read?: Access; write?: Access };
};

const errors = errorResponses(409);

/** Dates become ISO strings on the wire; `numeric` columns already come back as numbers. */
export const toWire = (row: Row): Row => {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
};

const pgCode = (error: unknown): string | undefined => {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

const noun = (r: { noun: string }) => `That ${r.noun}`;

export const libraryService = <TReq extends { factoryId?: number | undefined }, TDetail = Row>(
  r: LibraryResource<TReq, TDetail>,
) => {
  const t = r.table;
  const scopeOf = (p: Principal): SQL | undefined => {
    if (r.readScope && !p.isInternal && !p.isFacility) return r.readScope(p);
    return factoryScope(p, t.factoryId);
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
    const text = searchString?.trim();
    if (!r.searchText || !text) return searchAny(searchString, r.search);
    const escaped = text.toLowerCase().replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_");
    return sql`${r.searchText} like ${`%${escaped}%`}`;
  };
  const whereOf = (p: Principal, q: TLibraryListQuery) =>
    and(scopeOf(p), r.filter, archivedFilter(q.archived), searchOf(q.searchString));

  const list = async (db: HubDb, p: Principal, q: TLibraryListQuery): Promise<TPage<Row>> => {
    const where = whereOf(p, q);
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
      .where(whereOf(p, q))
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
    const rows = await db
      .select({ id: sql<number>`${t.id}`, label: sql<string>`${r.label}`, archived: sql<boolean>`${archived}` })
      .from(t)
      .where(
        and(
          scopeOf(p),
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

  /** The detail; its shape is the resource's detail schema, which the response serializer checks. */
  const get = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TDetail> => {
    const row = await getRow(db, p, id);
    return toWire({ ...row, ...(r.detail ? await r.detail(db, row) : {}) }) as TDetail;
  };

  const checkUnique = async (tx: HubTx, req: TReq, factoryId: number, selfId: number | null) => {
    const fields: Record<string, string> = {};
    for (const rule of r.unique) {
      const value = (req as Row)[rule.field];
      if (typeof value !== "string") continue;
      const [hit] = await tx
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            eq(t.factoryId, factoryId),
            sql`lower(${rule.column}) = lower(${value})`,
            selfId === null ? undefined : sql`${t.id} <> ${selfId}`,
            rule.extra?.(req as Row),
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
    const code = pgCode(error);
    if (code === "23505") throw conflict(`That ${r.noun} already exists.`);
    if (code === "23503") throw conflict(`That ${r.noun} is still used elsewhere, so it cannot be changed this way.`);
    throw error;
  };

  const create = async (db: HubDb, p: Principal, req: TReq): Promise<TDetail> => {
    const id = await db
      .transaction(async (tx) => {
        const factoryId = await resolveOwnerFactory(tx, p, req.factoryId);
        await checkUnique(tx, req, factoryId, null);
        const values = await r.values(tx, req, factoryId, p);
        const [inserted] = (await tx
          .insert(t)
          .values({ ...values, factoryId })
          .returning({ id: t.id })) as { id: number }[];
        if (!inserted) throw new Error("insert returned no row");
        await r.links?.(tx, inserted.id, req, factoryId);
        await recordAudit(tx, {
          actor: p.userName,
          action: `library.${r.key}.create`,
          subject: `${r.key}:${inserted.id}`,
        });
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
        const current = await getRow(tx, p, id);
        const factoryId = Number(current.factoryId);
        if (!p.isInternal && !p.isFacility) throw notFound(noun(r));
        await first?.(tx);
        await checkUnique(tx, req, factoryId, id);
        const values = await r.values(tx, req, factoryId, p);
        await tx
          .update(t)
          .set({ ...values, ...(t.updatedAt ? { updatedAt: new Date() } : {}) })
          .where(eq(t.id, id));
        await r.links?.(tx, id, req, factoryId);
        await recordAudit(tx, { actor: p.userName, action: `library.${r.key}.update`, subject: `${r.key}:${id}` });
      })
      .catch(writeError);
    return get(db, p, id);
  };

  const remove = async (db: HubDb, p: Principal, id: number): Promise<void> => {
    await db
      .transaction(async (tx) => {
        await getRow(tx, p, id);
        const reason = await r.usedBy?.(tx, id);
        if (reason) throw conflict(reason);
        await tx.delete(t).where(eq(t.id, id));
        await recordAudit(tx, { actor: p.userName, action: `library.${r.key}.delete`, subject: `${r.key}:${id}` });
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError) throw error;
        if (pgCode(error) === "23503")
          throw conflict(`That ${r.noun} is still used, so it cannot be deleted. Archive it instead.`);
        throw error;
      });
  };

  const archive = async (db: HubDb, p: Principal, id: number, archived: boolean): Promise<TDetail> => {
    const column = t.archived;
    if (!column) throw new HttpError(400, "BAD_REQUEST", `A ${r.noun} cannot be archived.`);
    await db.transaction(async (tx) => {
      await getRow(tx, p, id);
      await tx
        .update(t)
        .set({ archived, ...(t.updatedAt ? { updatedAt: new Date() } : {}) })
        .where(eq(t.id, id));
      await recordAudit(tx, {
        actor: p.userName,
        action: `library.${r.key}.${archived ? "archive" : "restore"}`,
        subject: `${r.key}:${id}`,
      });
    });
    return get(db, p, id);
  };

  return { list, exportCsv, lookup, get, getRow, create, update, remove, archive, scopeOf };
};

/** Registers the library routes of one resource (see the comment at the top). */
export const libraryResource =
  <TReq extends { factoryId?: number | undefined }, TDetail>(
    db: HubDb,
    r: LibraryResource<TReq, TDetail>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = libraryService(r);
    // The routes see the schemas untyped (the serializer still checks every answer against them).
    const schemas = r.schemas as { request: z.ZodType; item: z.ZodType; detail: z.ZodType; page: z.ZodType };
    const tags = ["library"];
    const read: Access = r.access?.read ?? { signedIn: true, card: r.card };
    const write: Access = r.access?.write ?? { signedIn: true, card: r.card, types: LIBRARY_EDITOR_TYPES };
    const path = `/library/${r.key}`;

    app.get(
      path,
      {
        config: { access: read },
        schema: { tags, querystring: ZLibraryListQuerySchema, response: { 200: schemas.page, ...errors } },
      },
      async (request) => svc.list(db, principalOf(request), request.query),
    );
    app.get(
      `${path}/export.csv`,
      { config: { access: read }, schema: { tags, querystring: ZLibraryListQuerySchema } },
      async (request, reply) => {
        return sendCsv(reply, `${r.key}.csv`, await svc.exportCsv(db, principalOf(request), request.query));
      },
    );
    app.get(
      `${path}/lookup`,
      {
        config: { access: read },
        schema: { tags, querystring: ZLookupQuerySchema, response: { 200: ZLookupListSchema, ...errors } },
      },
      async (request) => svc.lookup(db, principalOf(request), request.query),
    );
    app.get(
      `${path}/:id`,
      {
        config: { access: read },
        schema: { tags, params: ZIdParamsSchema, response: { 200: schemas.detail, ...errors } },
      },
      async (request) => svc.get(db, principalOf(request), request.params.id) as Promise<unknown>,
    );
    app.post(
      path,
      {
        config: { access: write },
        schema: { tags, body: schemas.request, response: { 201: schemas.detail, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send((await svc.create(db, principalOf(request), request.body as TReq)) as unknown),
    );
    app.put(
      `${path}/:id`,
      {
        config: { access: write },
        schema: { tags, params: ZIdParamsSchema, body: schemas.request, response: { 200: schemas.detail, ...errors } },
      },
      async (request) =>
        svc.update(db, principalOf(request), request.params.id, request.body as TReq) as Promise<unknown>,
    );
    app.delete(
      `${path}/:id`,
      {
        config: { access: write },
        schema: { tags, params: ZIdParamsSchema, response: { 200: ZDeletedSchema, ...errors } },
      },
      async (request) => {
        await svc.remove(db, principalOf(request), request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );
    if (r.table.archived) {
      app.post(
        `${path}/:id/archive`,
        {
          config: { access: write },
          schema: {
            tags,
            params: ZIdParamsSchema,
            body: ZArchiveRequestSchema,
            response: { 200: schemas.detail, ...errors },
          },
        },
        async (request) =>
          svc.archive(db, principalOf(request), request.params.id, request.body.archived) as Promise<unknown>,
      );
    }
  };
