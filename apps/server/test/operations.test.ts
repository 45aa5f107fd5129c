import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Operation } from "@hub/contracts/common/operation";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registeredRoutesOf } from "../src/platform/access";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * ADR 0011: every HTTP operation is declared once in contracts, and the server registers exactly
 * the declared operations. This walks every `api.ts` and `*-api.ts` module of the contracts, collects the
 * declared operations (objects with an operationId, a method and a path, however deeply nested:
 * resource and tab declarations are objects of operations) and compares them with what the
 * running app registered.
 */
const CONTRACTS = fileURLToPath(new URL("../../../packages/contracts/src/", import.meta.url));
const apiFiles = (readdirSync(CONTRACTS, { recursive: true }) as string[]).filter((f) => /(^|[/-])api\.ts$/.test(f));

const isOperation = (value: unknown): value is Operation =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Operation).operationId === "string" &&
  typeof (value as Operation).method === "string" &&
  typeof (value as Operation).path === "string";

const declared = new Map<string, Operation>();
const collect = (value: unknown, depth: number): void => {
  if (depth > 4 || typeof value !== "object" || value === null) return;
  if (isOperation(value)) {
    declared.set(value.operationId, value);
    return;
  }
  for (const inner of Object.values(value)) collect(inner, depth + 1);
};

let t: TestApp;
beforeAll(async () => {
  for (const file of apiFiles) collect(await import(join(CONTRACTS, file)), 0);
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("endpoints declared once", () => {
  test("every registered route comes from a declared operation, under its declared method and path", () => {
    const routes = registeredRoutesOf(t.app).filter(
      (r) => r.method !== "HEAD" && !r.url.startsWith("/api/docs") && r.url !== "/*" && r.url !== "*",
    );
    expect(routes.length).toBeGreaterThan(250);
    const undeclared = routes.filter((r) => !r.operation).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    for (const route of routes) {
      const op = route.operation as Operation;
      expect(route.method).toBe(op.method);
      expect(route.url.endsWith(op.path), `${route.url} ends with ${op.path}`).toBe(true);
      expect(route.access).toBe(op.access);
    }
  });

  test("every declared operation is registered, once", () => {
    expect(declared.size).toBeGreaterThan(250);
    const registered = new Map<string, number>();
    for (const r of registeredRoutesOf(t.app)) {
      if (r.operation && r.method !== "HEAD")
        registered.set(r.operation.operationId, (registered.get(r.operation.operationId) ?? 0) + 1);
    }
    const missing = [...declared.keys()].filter((id) => !registered.has(id));
    expect(missing).toEqual([]);
    expect([...registered.entries()].filter(([, n]) => n > 1)).toEqual([]);
  });

  test("operation ids are unique across areas", () => {
    const ids = [...declared.values()].map((op) => `${op.method} ${op.path}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
