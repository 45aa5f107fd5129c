import { NUL_MESSAGE } from "@hub/contracts";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** The path (`a.b.0`) of the first string or key holding a NUL character, or null. */
const nulPath = (value: unknown, path: string): string | null => {
  if (typeof value === "string") return value.includes("\0") ? path || "_" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\0")) return at;
      const found = nulPath(item, at);
      if (found) return found;
    }
  }
  return null;
};

/**
 * A safety net under the contracts' string rule (`zText`): no text column can hold a NUL character,
 * so a request carrying one in its path, query or JSON body is a 400 naming the field, whether or
 * not its schema says so. A raw text body (a CSV upload) is its route's to check: it can name the line.
 */
export const installInputGuard = (app: FastifyInstance): void => {
  app.addHook("preValidation", async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body } as const;
    for (const [part, value] of Object.entries(parts)) {
      if (part === "body" && typeof value === "string" && !request.headers["content-type"]?.includes("json")) continue;
      const path = nulPath(value, "");
      if (path) throw new HttpError(400, "VALIDATION", `${path}: ${NUL_MESSAGE}`, { [path]: NUL_MESSAGE });
    }
  });
};
