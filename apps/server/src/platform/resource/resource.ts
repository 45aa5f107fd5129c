import {
  type TLibraryListQuery,
  type TLookupItem,
  type TLookupQuery,
  type TPage,
  type TUserTypeName,
  ZArchiveRequestSchema,
  ZDeletedSchema,
  ZIdParamsSchema,
  ZLibraryListQuerySchema,
  ZLookupListSchema,
  ZLookupQuerySchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, type Column, count, eq, getTableName, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type Access, principalOf } from "../access";
import { recordAudit } from "../audit";
import { sendCsv, toCsv } from "../csv";
import { badRequest, conflict, errorResponses, HttpError, notFound } from "../errors";
import { orderByFor, searchAny, searchStored, toPage } from "../paging";
import type { Principal } from "../principal";
import type { Owner } from "./owners";

/**
 * The list/detail pattern, built once (issue 4 "Rules"). A resource names its owner, its table,
 * its list columns and joins, what may be searched and sorted, how a request becomes column
 * values, which codes must be unique per owner, and what refuses a delete; `resourceRoutes` turns
 * that into the routes every list and form screen uses ({prefix} e.g. /library, /inventory):
 *
 *   GET    {prefix}/{key}             one page (page, size, sort, searchString, archived)
 *   GET    {prefix}/{key}/export.csv  every row of the current filter, as CSV
 *   GET    {prefix}/{key}/lookup      {id,label} for selects (searchString, or ids=1,2)
 *   GET    {prefix}/{key}/:id         the detail the edit page loads
 *   POST   {prefix}/{key}             create       PUT {prefix}/{key}/:id  update
 *   DELETE {prefix}/{key}/:id         delete, refused with a message naming what uses the row
 *   POST   {prefix}/{key}/:id/archive {archived}: hide a row still referenced instead of deleting it
 *
 * Every read is limited to the owner's scope for the caller (others' rows answer 404), writes to
 * its write scope, and a new row's owner comes from `owner.resolve`. Audit actions are
 * `{audit}.create|update|delete|archive|restore` with subject `{key}:{id}`.
 */

type Row = Record<string, unknown>;

type BaseTable = PgTable & { id: PgColumn; archived?: PgColumn; updatedAt?: PgColumn };

/** A resource's table: an id, the owner column named by the owner's key, and optionally archived/updatedAt. */
export type ResourceTable<K extends string = string> = BaseTable & { [P in K]: PgColumn };

/** A code unique within one owner's rows; `extra` narrows the rows compared (markers: per style). */
export type UniqueRule<TReq = Row> = {
  field: string;
  column: PgColumn;
  message: string;
  extra?: (req: TReq) => SQL | undefined;
};

/** What a resource is, independent of where it is mounted and who owns it. */
export type ResourceSpec<TReq, TDetail = Row, K extends string = string> = {
  /** URL segment: /api{prefix}/{key}; also the audit subject's and the CSV file's name. */
  key: string;
  /** Card-access route name that guards the resource (the nav item's card); any signed-in caller when absent. */
  card?: string;
  /** For messages: "That fabric was not found." */
  noun: string;
  table: ResourceTable<K>;
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
  /** A fixed filter (threads: their kind; client-owned addresses: not a user's own). */
  filter?: SQL;
  /**
   * Who reads beside the owner's scope (styles let client users read what is offered to them):
   * rows it returns are added to the owner's read scope; undefined adds none.
   */
  readScope?: (p: Principal) => SQL | undefined;
  /** The columns a request writes (the owner column excluded). */
  values: (tx: HubTx, req: TReq, ownerId: number, p: Principal) => Promise<Row>;
  /** Link tables to rewrite after the row is written (option attributes, profile members). */
  links?: (tx: HubTx, id: number, req: TReq, ownerId: number) => Promise<void>;
  /** Codes unique within one owner's rows (case-insensitive). */
  unique: UniqueRule<TReq>[];
  /** Extra fields of the detail. */
  detail?: (db: HubDb | HubTx, row: Row) => Promise<Row>;
  /** Why a delete is refused: null when nothing uses the row. */
  usedBy?: (db: HubDb | HubTx, id: number) => Promise<string | null>;
  csv: { header: string; value: (item: Row) => unknown }[];
  /** Replaces the default access of reads ({card}) or writes ({card, editors}). */
  access?: { read?: Access; write?: Access };
};

/**
 * A list query wider than the paging contract plus `archived` (the design library's spec-7
 * userId and teamId), and how it narrows the owner's scope (the current team). Applies to the
 * list, the CSV export and the lookup.
 */
export type ResourceListScope = {
  list: z.ZodType<TLibraryListQuery>;
  lookup: z.ZodType<TLookupQuery>;
  narrow: (db: HubDb, p: Principal, query: Record<string, unknown>) => Promise<SQL | undefined>;
};

/** A resource with its owner and where it is mounted. */
export type ResourceDef<TReq, TDetail = Row, K extends string = string> = ResourceSpec<TReq, TDetail, K> & {
  owner: Owner<K>;
  /** Path prefix under /api: "/library", "/inventory". */
  prefix: string;
  /** Audit action prefix: "library.fabrics" gives library.fabrics.create, … */
  audit: string;
  /** User types that may write (with the card); every signed-in type with the card when absent. */
  editors?: readonly TUserTypeName[];
  /** OpenAPI tags; the prefix's first segment by default. */
  tags?: string[];
  /** A wider list query and the narrowing it brings (see ResourceListScope). */
  listScope?: ResourceListScope;
  /**
   * Answer spec 7's product-development shape instead of the REST one, over the same functions:
   * GET {path}/findAll (the list query), GET {path}/findById?id, POST {path}/create,
   * PUT {path}/update?id, DELETE {path}/delete?id (export.csv, lookup and /:id/archive stay).
   * The web's `resourceUrls` (contracts) picks the shape by the path (/productDev/…).
   */
  spec7?: boolean;
};

const errors = errorResponses(409);

/**
 * A column written with its table's name, for correlated subqueries: drizzle leaves columns bare
 * when a query reads one table, and a bare "id" inside a subquery names the subquery's own table.
 */
export const col = (column: PgColumn): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** "styles TEE-100, HOOD-200 and 3 more" */
export const nameList = (names: string[], total: number): string => {
  const shown = names.slice(0, 5).join(", ");
  return total > names.slice(0, 5).length ? `${shown} and ${total - Math.min(5, names.length)} more` : shown;
};

/**
 * Referenced ids must be rows of the same owner (`ownerColumn` = `ownerId`): otherwise a 400
 * naming the field ("Fabric 7 does not exist in this library.").
 */
export const ensureOwnedRefs = async (
  db: HubDb | HubTx,
  ref: { table: PgTable & { id: PgColumn }; ownerColumn: PgColumn; ownerId: number },
  ids: readonly number[],
  field: string,
  what: string,
  where = "here",
): Promise<void> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: ref.table.id })
    .from(ref.table)
    .where(and(inArray(ref.table.id, unique), eq(ref.ownerColumn, ref.ownerId)));
  if (found.length !== unique.length) {
    const known = new Set(found.map((r) => r.id));
    const missing = unique.filter((id) => !known.has(id));
    throw badRequest(`${what} ${missing.join(", ")} ${missing.length === 1 ? "does" : "do"} not exist ${where}.`, {
      [field]: `Unknown ${what.toLowerCase()}`,
    });
  }
};

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
export const resourceService = <TReq, TDetail, K extends string>(
  r: Omit<ResourceDef<TReq, TDetail, K>, "prefix" | "editors" | "tags" | "spec7">,
) => {
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
  const narrowOf = async (db: HubDb, p: Principal, q: object): Promise<SQL | undefined> =>
    r.listScope ? r.listScope.narrow(db, p, q as Record<string, unknown>) : undefined;
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
    const code = pgCode(error);
    if (code === "23505") throw conflict(`That ${r.noun} already exists.`);
    if (code === "23503") throw conflict(`That ${r.noun} is still used elsewhere, so it cannot be changed this way.`);
    throw error;
  };

  const audit = (tx: HubTx, p: Principal, verb: string, id: number) =>
    recordAudit(tx, { actor: p.userName, action: `${r.audit}.${verb}`, subject: `${r.key}:${id}` });

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
        await first?.(tx);
        await checkUnique(tx, req, ownerId, id);
        const values = await r.values(tx, req, ownerId, p);
        await tx
          .update(t)
          .set({ ...values, ...(t.updatedAt ? { updatedAt: new Date() } : {}) })
          .where(eq(t.id, id));
        await r.links?.(tx, id, req, ownerId);
        await audit(tx, p, "update", id);
      })
      .catch(writeError);
    return get(db, p, id);
  };

  const remove = async (db: HubDb, p: Principal, id: number): Promise<void> => {
    await db
      .transaction(async (tx) => {
        await writableOwner(tx, p, id);
        const reason = await r.usedBy?.(tx, id);
        if (reason) throw conflict(reason);
        await tx.delete(t).where(eq(t.id, id));
        await audit(tx, p, "delete", id);
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
      await writableOwner(tx, p, id);
      await tx
        .update(t)
        .set({ archived, ...(t.updatedAt ? { updatedAt: new Date() } : {}) })
        .where(eq(t.id, id));
      await audit(tx, p, archived ? "archive" : "restore", id);
    });
    return get(db, p, id);
  };

  return { list, exportCsv, lookup, get, getRow, create, update, remove, archive, scopeOf };
};

/** Registers the routes of one resource (see the comment at the top). */
export const resourceRoutes =
  <TReq, TDetail, K extends string>(db: HubDb, r: ResourceDef<TReq, TDetail, K>): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = resourceService(r);
    // The routes see the schemas untyped (the serializer still checks every answer against them).
    const schemas = r.schemas as { request: z.ZodType; item: z.ZodType; detail: z.ZodType; page: z.ZodType };
    const tags = r.tags ?? [r.prefix.split("/").filter(Boolean)[0] ?? r.key];
    const card = r.card ? { card: r.card } : {};
    const read: Access = r.access?.read ?? { signedIn: true, ...card };
    const write: Access = r.access?.write ?? { signedIn: true, ...card, ...(r.editors ? { types: r.editors } : {}) };
    const path = `${r.prefix}/${r.key}`;
    const listQuery = r.listScope?.list ?? ZLibraryListQuerySchema;
    const lookupQuery = r.listScope?.lookup ?? ZLookupQuerySchema;

    app.get(
      `${path}/export.csv`,
      { config: { access: read }, schema: { tags, querystring: listQuery } },
      async (request, reply) => {
        const q = request.query as TLibraryListQuery;
        return sendCsv(reply, `${r.key}.csv`, await svc.exportCsv(db, principalOf(request), q));
      },
    );
    app.get(
      `${path}/lookup`,
      {
        config: { access: read },
        schema: { tags, querystring: lookupQuery, response: { 200: ZLookupListSchema, ...errors } },
      },
      async (request) => svc.lookup(db, principalOf(request), request.query as TLookupQuery),
    );
    if (!r.spec7) {
      app.get(
        path,
        {
          config: { access: read },
          schema: { tags, querystring: listQuery, response: { 200: schemas.page, ...errors } },
        },
        async (request) => svc.list(db, principalOf(request), request.query as TLibraryListQuery),
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
          schema: {
            tags,
            params: ZIdParamsSchema,
            body: schemas.request,
            response: { 200: schemas.detail, ...errors },
          },
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
    }
    if (r.spec7) {
      app.get(
        `${path}/findAll`,
        {
          config: { access: read },
          schema: { tags, querystring: listQuery, response: { 200: schemas.page, ...errors } },
        },
        async (request) => svc.list(db, principalOf(request), request.query as TLibraryListQuery),
      );
      app.get(
        `${path}/findById`,
        {
          config: { access: read },
          schema: { tags, querystring: ZIdParamsSchema, response: { 200: schemas.detail, ...errors } },
        },
        async (request) => svc.get(db, principalOf(request), request.query.id) as Promise<unknown>,
      );
      app.post(
        `${path}/create`,
        {
          config: { access: write },
          schema: { tags, body: schemas.request, response: { 201: schemas.detail, ...errors } },
        },
        async (request, reply) =>
          reply.status(201).send((await svc.create(db, principalOf(request), request.body as TReq)) as unknown),
      );
      app.put(
        `${path}/update`,
        {
          config: { access: write },
          schema: {
            tags,
            querystring: ZIdParamsSchema,
            body: schemas.request,
            response: { 200: schemas.detail, ...errors },
          },
        },
        async (request) =>
          svc.update(db, principalOf(request), request.query.id, request.body as TReq) as Promise<unknown>,
      );
      app.delete(
        `${path}/delete`,
        {
          config: { access: write },
          schema: { tags, querystring: ZIdParamsSchema, response: { 200: ZDeletedSchema, ...errors } },
        },
        async (request) => {
          await svc.remove(db, principalOf(request), request.query.id);
          return { id: request.query.id, deleted: true as const };
        },
      );
    }
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
