import {
  type BodyOf,
  type Operation,
  type OperationDef,
  type PathParamsOf,
  pathOf,
  type QueryOf,
  type ResultOf,
} from "@hub/contracts/common/operation";
import type { z } from "zod";
import { ApiError, send, toApiError } from "./api-error";
import { currentIdToken } from "./identity-client";
import { sessionClientHeaders } from "./session-client";

type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
};

/** Calls the Hub's API with the ID token as the Authorization header; returns the JSON answer. */
export const request = async (path: string, options: Options = {}): Promise<unknown> => {
  const token = await currentIdToken();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== "") params.set(k, String(v));
  const url = `/api${path}${params.size > 0 ? `?${params}` : ""}`;
  const response = await send(url, {
    method: options.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...sessionClientHeaders(),
      ...options.headers,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  if (!response.ok) throw await toApiError(response);
  return response.status === 204 ? null : response.json();
};

/** A call whose answer is checked against its contract schema. */
export const api = async <S extends z.ZodType>(path: string, schema: S, options: Options = {}): Promise<z.infer<S>> => {
  const parsed = schema.safeParse(await request(path, options));
  if (!parsed.success) throw new ApiError(200, "BAD_RESPONSE", "Something went wrong");
  return parsed.data;
};

/** What a call to a declared operation carries: its path params, query, body and extra headers. */
export type CallInput<O extends OperationDef> = (PathParamsOf<O> extends undefined
  ? { params?: undefined }
  : { params: PathParamsOf<O> }) &
  (O["query"] extends z.ZodType ? { query?: QueryOf<O> } : { query?: undefined }) &
  (O["body"] extends z.ZodType ? { body: BodyOf<O> } : { body?: undefined }) & { headers?: Record<string, string> };

type Args<O extends OperationDef> =
  PathParamsOf<O> extends undefined
    ? O["body"] extends z.ZodType
      ? [input: CallInput<O>]
      : [input?: CallInput<O>]
    : [input: CallInput<O>];

/**
 * Calls a declared operation (contracts `<area>/api.ts`) and checks the answer against its
 * declared schema: `call(returnsApi.refund, { params: { id }, body })`. Go-to-definition on the
 * operation lands on its declaration, and its handler is registered from it.
 */
export const call = async <O extends Operation>(op: O, ...[input]: Args<O>): Promise<ResultOf<O>> => {
  const { params, query, body, headers } = (input ?? {}) as CallInput<OperationDef> & {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
  };
  const answer = await request(pathOf(op, params, query), { method: op.method, body, headers });
  const schemas = Object.values(op.responses ?? {}).filter((s) => s !== undefined);
  if (schemas.length === 0) return answer as ResultOf<O>;
  for (const schema of schemas) {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data as ResultOf<O>;
  }
  throw new ApiError(200, "BAD_RESPONSE", "Something went wrong");
};

/** The path (under /api) of a declared operation's file answer, to download or open: `pathTo(op, { params, query })`. */
export const pathTo = <O extends Operation>(
  op: O,
  input: { params?: PathParamsOf<O>; query?: QueryOf<O> } = {},
): string => pathOf(op, input.params as Record<string, string | number> | undefined, input.query as object | undefined);
