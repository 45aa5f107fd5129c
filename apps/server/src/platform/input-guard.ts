import { NUL_MESSAGE } from "@hub/contracts";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** How deep a request's JSON may nest: far more than any contract needs (a tech pack's is about 6). */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request nests deeper than ${MAX_JSON_DEPTH} levels.`;

type Found = { kind: "nul"; path: string } | { kind: "deep"; path: string } | null;

/**
 * The path (`a.b.0`) of the first string or key holding a NUL character, or of the first value
 * nested deeper than MAX_JSON_DEPTH. A walk with its own stack, not recursion, so no body (1 MiB
 * holds half a million levels) can overflow the process's stack.
 */
const firstBadValue = (root: unknown): Found => {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === "string") {
      if (value.includes("\0")) return { kind: "nul", path: path || "_" };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: "deep", path: path || "_" };
    const entries = Array.isArray(value)
      ? value.map((item, i) => [String(i), item] as const)
      : Object.entries(value as Record<string, unknown>);
    // Pushed in reverse, so the first field is looked at first (the error names the first bad one).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as readonly [string, unknown];
      const at = path ? `${path}.${key}` : key;
      if (!Array.isArray(value) && key.includes("\0")) return { kind: "nul", path: at };
      stack.push({ value: item, path: at, depth: depth + 1 });
    }
  }
  return null;
};

/**
 * A safety net under the contracts' string rule (`zText`): no text column can hold a NUL character,
 * so a request carrying one in its path, query or JSON body is a 400 naming the field, whether or
 * not its schema says so. A body nested deeper than MAX_JSON_DEPTH is a 400 too, before any schema
 * walks it. A raw text body (a CSV upload) is its route's to check: it can name the line.
 */
export const installInputGuard = (app: FastifyInstance): void => {
  app.addHook("preValidation", async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body } as const;
    for (const [part, value] of Object.entries(parts)) {
      if (part === "body" && typeof value === "string" && !request.headers["content-type"]?.includes("json")) continue;
      const found = firstBadValue(value);
      if (found?.kind === "nul")
        throw new HttpError(400, "VALIDATION", `${found.path}: ${NUL_MESSAGE}`, { [found.path]: NUL_MESSAGE });
      if (found?.kind === "deep")
        throw new HttpError(400, "VALIDATION", TOO_DEEP_MESSAGE, { [part]: TOO_DEEP_MESSAGE });
    }
  });
};
