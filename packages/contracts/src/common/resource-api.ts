import type { z } from "zod";
import { ZIdParamsSchema } from "./ids";
import {
  type TLibraryListQuery,
  type TLookupQuery,
  ZArchiveRequestSchema,
  ZDeletedSchema,
  ZLibraryListQuerySchema,
  ZLookupListSchema,
  ZLookupQuerySchema,
} from "./lists";
import type { Access, Operation, OperationDef } from "./operation";

/**
 * A resource's operations (the resource engine on the server, the resource screens on the web),
 * declared once per resource with `resourceApi(...)`. Under `{prefix}/{key}`:
 *
 *   list       GET    {base}             one page (page, size, sort, searchString, archived)
 *   exportCsv  GET    {base}/export.csv  every row of the current filter, as CSV
 *   lookup     GET    {base}/lookup      {id,label} for selects (searchString, or ids=1,2)
 *   get        GET    {base}/:id         the detail the edit page loads
 *   create     POST   {base}             update PUT {base}/:id
 *   remove     DELETE {base}/:id         refused with a message naming what uses the row
 *   archive    POST   {base}/:id/archive {archived}: hide a row still referenced (archivable resources)
 *
 * Product development's resources answer spec 7's shape instead (`spec7`): GET {base}/findAll,
 * GET {base}/findById?id, POST {base}/create, PUT {base}/update?id, DELETE {base}/delete?id.
 * Reads take `access.read`, writes `access.write`.
 */

type IdParams = typeof ZIdParamsSchema;
type Lookup = typeof ZLookupListSchema;
type ListQuery = z.ZodType<TLibraryListQuery>;
type LookupQuery = z.ZodType<TLookupQuery>;
type Conflict = readonly [409];

/** The three schemas a resource brings: what a form sends, what a list page answers, what a detail answers. */
export type ResourceSchemas = { request: z.ZodType; page: z.ZodType; detail: z.ZodType };

/** An operation of the given definition (Operation<D>, for a D whose path is built from a generic base). */
type Op<D> = D & { operationId: string; tag: string };

/** The operations every resource has, in either shape (B is its base path). */
type CommonOps<B extends string, S extends ResourceSchemas, L extends ListQuery, Q extends LookupQuery> = {
  exportCsv: Op<{ method: "GET"; path: `${B}/export.csv`; access: Access; query: L; file: "text/csv" }>;
  lookup: Op<{
    method: "GET";
    path: `${B}/lookup`;
    access: Access;
    query: Q;
    responses: { 200: Lookup };
    errors: Conflict;
  }>;
  archive?: ArchiveOp<B, S>;
};

type ArchiveOp<B extends string, S extends ResourceSchemas> = Op<{
  method: "POST";
  path: `${B}/:id/archive`;
  access: Access;
  params: IdParams;
  body: typeof ZArchiveRequestSchema;
  responses: { 200: S["detail"] };
  errors: Conflict;
}>;

/** The REST shape: the row's id in the path. */
export type RestResourceOps<
  B extends string,
  S extends ResourceSchemas,
  L extends ListQuery = ListQuery,
  Q extends LookupQuery = LookupQuery,
> = CommonOps<B, S, L, Q> & {
  list: Op<{ method: "GET"; path: B; access: Access; query: L; responses: { 200: S["page"] }; errors: Conflict }>;
  get: Op<{
    method: "GET";
    path: `${B}/:id`;
    access: Access;
    params: IdParams;
    responses: { 200: S["detail"] };
    errors: Conflict;
  }>;
  create: Op<{
    method: "POST";
    path: B;
    access: Access;
    body: S["request"];
    responses: { 201: S["detail"] };
    errors: Conflict;
  }>;
  update: Op<{
    method: "PUT";
    path: `${B}/:id`;
    access: Access;
    params: IdParams;
    body: S["request"];
    responses: { 200: S["detail"] };
    errors: Conflict;
  }>;
  remove: Op<{
    method: "DELETE";
    path: `${B}/:id`;
    access: Access;
    params: IdParams;
    responses: { 200: typeof ZDeletedSchema };
    errors: Conflict;
  }>;
};

/** Spec 7's shape (product development): the row's id in the query (`?id=`). */
export type Spec7ResourceOps<
  B extends string,
  S extends ResourceSchemas,
  L extends ListQuery = ListQuery,
  Q extends LookupQuery = LookupQuery,
> = CommonOps<B, S, L, Q> & {
  list: Op<{
    method: "GET";
    path: `${B}/findAll`;
    access: Access;
    query: L;
    responses: { 200: S["page"] };
    errors: Conflict;
  }>;
  get: Op<{
    method: "GET";
    path: `${B}/findById`;
    access: Access;
    query: IdParams;
    responses: { 200: S["detail"] };
    errors: Conflict;
  }>;
  create: Op<{
    method: "POST";
    path: `${B}/create`;
    access: Access;
    body: S["request"];
    responses: { 201: S["detail"] };
    errors: Conflict;
  }>;
  update: Op<{
    method: "PUT";
    path: `${B}/update`;
    access: Access;
    query: IdParams;
    body: S["request"];
    responses: { 200: S["detail"] };
    errors: Conflict;
  }>;
  remove: Op<{
    method: "DELETE";
    path: `${B}/delete`;
    access: Access;
    query: IdParams;
    responses: { 200: typeof ZDeletedSchema };
    errors: Conflict;
  }>;
};

/** Any resource's operations (what the engine and the web's resource screens take). */
export type ResourceApi<S extends ResourceSchemas = ResourceSchemas> =
  | RestResourceOps<`/${string}`, S>
  | Spec7ResourceOps<`/${string}`, S>;

/** Whether an operation that names a row takes its id in the path (REST) or in the query (spec 7). */
export const idInPath = <O extends Operation>(op: O): op is O & { params: IdParams } => op.params !== undefined;

export type ResourceApiInput<
  P extends `/${string}`,
  K extends string,
  S extends ResourceSchemas,
  L extends ListQuery,
  Q extends LookupQuery,
> = {
  /** The OpenAPI tag ("library", "inventory", "productDev"); operationIds are `{area}.{key}.{operation}`. */
  area: string;
  /** Path prefix under /api: "/library", "/floor", "/productDev/libary". */
  prefix: P;
  /** URL segment: {prefix}/{key}; the server's audit subject and CSV file name too. */
  key: K;
  schemas: S;
  access: { read: Access; write: Access };
  /** A wider list query than the paging contract plus `archived` (the design library's userId and teamId). */
  listQuery?: L;
  lookupQuery?: Q;
  /** Spec 7's findAll/findById/create/update/delete shape instead of the REST one. */
  spec7?: boolean;
  /** Rows can be archived (POST {base}/:id/archive). */
  archivable?: boolean;
};

type Declared<
  P extends `/${string}`,
  K extends string,
  S extends ResourceSchemas,
  L extends ListQuery,
  Q extends LookupQuery,
  Spec7 extends boolean,
  Archivable extends boolean,
> = (Spec7 extends true ? Spec7ResourceOps<`${P}/${K}`, S, L, Q> : RestResourceOps<`${P}/${K}`, S, L, Q>) &
  (Archivable extends true ? { archive: ArchiveOp<`${P}/${K}`, S> } : { archive?: undefined });

/** Declares one resource's operations (see the comment at the top). */
export const resourceApi = <
  const P extends `/${string}`,
  const K extends string,
  S extends ResourceSchemas,
  L extends ListQuery = typeof ZLibraryListQuerySchema,
  Q extends LookupQuery = typeof ZLookupQuerySchema,
  Spec7 extends boolean = false,
  Archivable extends boolean = false,
>(
  input: ResourceApiInput<P, K, S, L, Q> & { spec7?: Spec7; archivable?: Archivable },
): Declared<P, K, S, L, Q, Spec7, Archivable> => {
  const { area, key, schemas, access } = input;
  const prefix: `/${string}` = input.prefix;
  const base = `${prefix}/${key}` as const;
  const listQuery = input.listQuery ?? ZLibraryListQuerySchema;
  const byId = input.spec7 ? { query: ZIdParamsSchema } : { params: ZIdParamsSchema };
  const errors = [409] as const;
  const defs: Record<string, OperationDef> = {
    list: {
      method: "GET",
      path: input.spec7 ? `${base}/findAll` : base,
      access: access.read,
      query: listQuery,
      responses: { 200: schemas.page },
      errors,
    },
    exportCsv: { method: "GET", path: `${base}/export.csv`, access: access.read, query: listQuery, file: "text/csv" },
    lookup: {
      method: "GET",
      path: `${base}/lookup`,
      access: access.read,
      query: input.lookupQuery ?? ZLookupQuerySchema,
      responses: { 200: ZLookupListSchema },
      errors,
    },
    get: {
      method: "GET",
      path: input.spec7 ? `${base}/findById` : `${base}/:id`,
      access: access.read,
      ...byId,
      responses: { 200: schemas.detail },
      errors,
    },
    create: {
      method: "POST",
      path: input.spec7 ? `${base}/create` : base,
      access: access.write,
      body: schemas.request,
      responses: { 201: schemas.detail },
      errors,
    },
    update: {
      method: "PUT",
      path: input.spec7 ? `${base}/update` : `${base}/:id`,
      access: access.write,
      ...byId,
      body: schemas.request,
      responses: { 200: schemas.detail },
      errors,
    },
    remove: {
      method: "DELETE",
      path: input.spec7 ? `${base}/delete` : `${base}/:id`,
      access: access.write,
      ...byId,
      responses: { 200: ZDeletedSchema },
      errors,
    },
    ...(input.archivable
      ? {
          archive: {
            method: "POST",
            path: `${base}/:id/archive`,
            access: access.write,
            params: ZIdParamsSchema,
            body: ZArchiveRequestSchema,
            responses: { 200: schemas.detail },
            errors,
          },
        }
      : {}),
  };
  const out: Record<string, Operation> = {};
  for (const [name, def] of Object.entries(defs))
    out[name] = { ...def, operationId: `${area}.${key}.${name}`, tag: area };
  // The object built above is the shape its type describes (the spec7 and archivable branches).
  return out as Declared<P, K, S, L, Q, Spec7, Archivable>;
};

/** A resource's base path ({prefix}/{key}): the web's query keys and the CSV file's name come from it. */
export const resourceBase = (api: ResourceApi): string => api.lookup.path.slice(0, -"/lookup".length);
