import type { z } from "zod";
import type { TUserTypeName } from "../access/user-types";
import { ZErrorResponseSchema } from "./errors";

/**
 * One HTTP operation, declared once (ADR 0011 "Endpoints declared once"): its method, path,
 * params, query, body, answers and who may call it. The server registers its handler from the
 * declaration (`register` in apps/server/src/platform/operations.ts) and the web app calls it by
 * reference (`call` in apps/web/src/lib/api.ts), so a path or a schema is written in one place
 * and go-to-definition from a screen lands here.
 *
 * An area declares its operations in one object, `<area>/api.ts`:
 *
 *   export const returnsApi = declareApi("returns", {
 *     list: { method: "GET", path: "/returns", access: RETURNS, query: ZReturnListQuerySchema,
 *             responses: { 200: ZReturnPageSchema } },
 *     …
 *   });
 *
 * The key is the operation's name (the OpenAPI operationId is `<area>.<key>`), the area its tag.
 */

/**
 * Who may call an operation, checked before its body is parsed:
 * - `{ public: true }`: anyone, signed in or not;
 * - `{ signedIn: true, ... }`: a verified ID token of an available user, and then optionally
 *   one of `types`, the `card` (a card-access route name from the nav tree), `superadmin`, or a
 *   minimum subscription `minPlanLevel` for client users.
 * `demoOnly` operations answer 403 outside demo mode. A `loopback` operation also lets in, without
 * a token, callers on the server's own machine (see isLocalCaller on the server).
 */
export type Access =
  | { public: true; demoOnly?: boolean }
  | {
      signedIn: true;
      types?: readonly TUserTypeName[];
      card?: string;
      /** Any one of these cards lets the caller in (an operation two kinds of user reach; the service narrows). */
      anyCard?: readonly string[];
      superadmin?: boolean;
      minPlanLevel?: number;
      demoOnly?: boolean;
      loopback?: { message: string };
    };

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The error statuses an operation may add to the ones every operation answers (400, 401, 403, 404). */
export type ErrorStatus = 402 | 409 | 413 | 429 | 503;
export type SuccessStatus = 200 | 201 | 202 | 204;

export type OperationDef = {
  method: HttpMethod;
  /** Under /api, with `:name` for each path parameter (`/returns/:id/refund`). */
  path: `/${string}`;
  access: Access;
  summary?: string;
  /** A longer explanation for the OpenAPI document. */
  description?: string;
  /** Also accepts an API key (x-api-key, or a Bearer hub_… value); every other operation refuses one. */
  apiKey?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answers by success status; absent for a file answer (`file`). */
  responses?: Partial<Record<SuccessStatus, z.ZodType>>;
  /** A file answer's content type (CSV exports, PDFs): the web app downloads or opens it. */
  file?:
    | "text/csv"
    | "application/pdf"
    | "application/octet-stream"
    | "image/*"
    | "application/zip"
    | "application/zpl";
  /** Error statuses beyond 400, 401, 403 and 404. */
  errors?: readonly ErrorStatus[];
  /** Left out of the OpenAPI document (dev-only and internal operations). */
  hidden?: boolean;
};

/** A declared operation: its definition, named and tagged by `declareApi`. */
export type Operation<D extends OperationDef = OperationDef> = D & { operationId: string; tag: string };

type Declared<T extends Record<string, OperationDef>> = { readonly [K in keyof T]: Operation<T[K]> };

/** Declares an area's operations: each key becomes the operationId `<area>.<key>`, the area the tag. */
export const declareApi = <const T extends Record<string, OperationDef>>(area: string, defs: T): Declared<T> => {
  const out: Record<string, Operation> = {};
  for (const [key, def] of Object.entries(defs)) out[key] = { ...def, operationId: `${area}.${key}`, tag: area };
  return out as Declared<T>;
};

/** The names of a path's `:params`: `"/a/:id/b/:line"` gives `"id" | "line"`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What fills an operation's path: one value per `:param`. */
export type PathParamsOf<O extends OperationDef> = [PathParamNames<O["path"]>] extends [never]
  ? undefined
  : { [K in PathParamNames<O["path"]>]: string | number };

/** A query the web passes: the schema's output fields, each optional (text from the URL is coerced). */
export type QueryOf<O extends OperationDef> = O["query"] extends z.ZodType
  ? { [K in keyof z.output<O["query"]>]?: z.output<O["query"]>[K] | null }
  : undefined;

export type BodyOf<O extends OperationDef> = O["body"] extends z.ZodType ? z.input<O["body"]> : undefined;

/** The JSON an operation answers on success (any of its success statuses). */
export type ResultOf<O extends OperationDef> =
  O["responses"] extends Partial<Record<SuccessStatus, z.ZodType>>
    ? {
        [S in keyof O["responses"]]: O["responses"][S] extends z.ZodType ? z.output<O["responses"][S]> : never;
      }[keyof O["responses"]]
    : never;

const encodeQuery = (query: Record<string, unknown> | undefined): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    params.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  return params.size > 0 ? `?${params}` : "";
};

/** An operation's path with its params filled in (each encoded) and its query appended. */
export const pathOf = (op: OperationDef, params?: Record<string, string | number>, query?: object): string => {
  const path = op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.method} ${op.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${encodeQuery(query as Record<string, unknown> | undefined)}`;
};

/** The response map the server registers: the success answers and the one error shape. */
export const responsesOf = (op: OperationDef): Record<number, z.ZodType> => {
  const out: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(op.responses ?? {})) if (schema) out[Number(status)] = schema;
  for (const status of [400, 401, 403, 404, ...(op.errors ?? [])]) out[status] = ZErrorResponseSchema;
  return out;
};
