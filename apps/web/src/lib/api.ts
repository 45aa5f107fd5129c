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

/** Public calls that need no token; the answer is typed by the contract, not re-checked. */
export const publicRequest = async <T>(path: string): Promise<T> => {
  const response = await send(`/api${path}`);
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
};
