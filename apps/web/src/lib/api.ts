import type { z } from "zod";
import { ApiError, send, toApiError } from "./api-error";
import { currentIdToken } from "./identity-client";

type Options = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; query?: Record<string, string | number | undefined> };

/** Calls the Hub's API with the ID token as the Authorization header and parses the answer. */
export const api = async <S extends z.ZodType>(path: string, schema: S, options: Options = {}): Promise<z.infer<S>> => {
  const token = await currentIdToken();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== "") params.set(k, String(v));
  const url = `/api${path}${params.size > 0 ? `?${params}` : ""}`;
  const response = await send(url, {
    method: options.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  if (!response.ok) throw await toApiError(response);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, "BAD_RESPONSE", "Something went wrong");
  return parsed.data;
};

/** Public calls that need no token. */
export const publicApi = async <S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> => {
  const response = await send(`/api${path}`);
  if (!response.ok) throw await toApiError(response);
  return schema.parse(await response.json());
};
